import type { ApplicantDetails, CreateApplicantResponse, Job } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { bearer, type SignedUp } from './factories';
import { fetchSigned, recruiter, snapshotApplicant } from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { PDF, reviewSuite } from './review-suite';

describe.each(testDbKinds())('applicant review: one applicant and its access (%s)', (kind) => {
  const suite = reviewSuite(kind);
  const { clock, ids, list } = suite;
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;
  let free: SignedUp;
  let jobA: Job;
  let jobB: Job;
  let freeJob: Job;
  let rina: CreateApplicantResponse;
  beforeAll(() => {
    ({ t, origin, owner, colleague, stranger, admin, free, jobA, jobB, freeJob, rina } =
      suite.state);
  });

  it('shows an applicant with CV links, notes, timeline and the job’s questions', async () => {
    const put = await recruiter(t.app, owner)('PUT', '/api/job/applicant', {
      applicants: [
        { id: ids.rina, status: 5, newNote: { txt: 'Strong answers', timeStamp: '00:02' } },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    clock.advance(1000);
    const second = await recruiter(t.app, colleague)('PUT', '/api/job/applicant', {
      applicants: [{ id: ids.rina, newNote: { txt: '  Agree  ' } }],
    });
    clock.reset();
    expect(second.statusCode, second.body).toBe(200);

    const response = await recruiter(t.app, colleague)('GET', `/api/job/${jobB._id}/${ids.rina}`);
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json().applicant as ApplicantDetails;
    expect(details).toMatchObject({
      id: ids.rina,
      status: 5,
      isLocked: false,
      info: { fName: 'Rina', isPreview: false },
      jobInfo: { title: 'Data analyst', jobId: jobB._id },
      job: { _id: jobB._id, title: 'Data analyst', archivedAt: null },
    });
    expect(details.job.quests.map((quest) => quest.id)).toEqual(jobB.quests.map((q) => q.id));
    expect(details.job.quests[2]!.opts).toEqual([
      { txt: 'Right', isCorrect: true },
      { txt: 'Wrong', isCorrect: false },
    ]);

    // Notes oldest first, each with its author.
    expect(details.notes.map((note) => [note.txt, note.timeStamp, note.owner?._id])).toEqual([
      ['Strong answers', '00:02', owner.user._id],
      ['Agree', undefined, colleague.user._id],
    ]);
    expect(details.notes[1]!.owner).toMatchObject({
      fName: 'Carmel',
      companyId: owner.user.companyId,
    });

    // Timeline oldest first from the created event; nothing the candidate side wrote twice.
    expect(
      details.timeline.map((event) =>
        event.type === 'activity'
          ? event.activity
          : event.type === 'status'
            ? `status ${event.statusCode}`
            : event.type === 'note'
              ? `note ${event.txt}`
              : event.type === 'rating'
                ? `rating ${event.score}`
                : `guestView ${event.guestName}`,
      ),
    ).toEqual(['created', 'opened', 'submitted', 'status 5', 'note Strong answers', 'note Agree']);
    const noteEvent = details.timeline.find((event) => event.type === 'note')!;
    expect(noteEvent).toEqual({
      type: 'note',
      noteId: details.notes[0]!.id,
      txt: 'Strong answers',
      timeStamp: '00:02',
      // No question named: the bookmark points into the first answer.
      questId: jobB.quests[0]!.id,
      createdAt: details.notes[0]!.createdAt,
    });

    // The CV opens inline and downloads under its stored name, extension last.
    expect(details.info.cv).toMatch(/^rina cv\.pdf-\d+$/);
    const inline = await fetchSigned(origin, details.info.cvUrl!);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBeNull();
    const download = await fetchSigned(origin, details.info.cvDownloadUrl!);
    expect(download.status).toBe(200);
    const timestamp = details.info.cv!.split('-').at(-1);
    // An ASCII name needs no `filename*` (RFC 6266, as the content-disposition package writes it).
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="rina cv-${timestamp}.pdf"`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    // An applicant without a CV has null links.
    const yael = await recruiter(t.app, owner)('GET', `/api/job/${jobA._id}/${ids.yael}`);
    expect(yael.json().applicant.info).toMatchObject({
      cv: null,
      cvUrl: null,
      cvDownloadUrl: null,
    });
  });

  it('answers 404 for a wrong job, a malformed id, and 403 for a locked applicant', async () => {
    const as = recruiter(t.app, owner);
    expect((await as('GET', `/api/job/${jobA._id}/${ids.rina}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/job/${jobB._id}/nope`)).statusCode).toBe(404);
    expect((await as('GET', `/api/job/applicantVideos/${ids.rina}/${jobA._id}`)).statusCode).toBe(
      404,
    );
    const asFree = recruiter(t.app, free);
    const locked = await asFree('GET', `/api/job/${freeJob._id}/${ids.adam}`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().key).toBe('FORBIDDEN_ERR');
    expect(
      (await asFree('GET', `/api/job/applicantVideos/${ids.adam}/${freeJob._id}`)).statusCode,
    ).toBe(403);
    expect((await asFree('GET', `/api/job/${freeJob._id}/${ids.zoe}`)).statusCode).toBe(200);
    expect(
      (await asFree('GET', `/api/job/applicantVideos/${ids.zoe}/${freeJob._id}`)).statusCode,
    ).toBe(200);
  });

  it('plays the answers through short-lived URLs with their length, and records the watch', async () => {
    const [videoB, textB, choiceB] = jobB.quests;
    const response = await recruiter(t.app, owner)(
      'GET',
      `/api/job/applicantVideos/${ids.rina}/${jobB._id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { answerMap } = response.json();
    expect(Object.keys(answerMap).sort()).toEqual([videoB!.id, textB!.id, choiceB!.id].sort());
    expect(answerMap[textB!.id]).toMatchObject({
      txt: 'Pivot tables',
      faceUrl: null,
      optIdx: null,
    });
    expect(answerMap[choiceB!.id]).toMatchObject({ optIdx: [0], txt: null, resTime: 7 });
    const video = answerMap[videoB!.id];
    expect(video.faceDurationSec).toBeCloseTo(4, 0);
    expect(video.screenDurationSec).toBeNull();
    // The stored recording has its Duration and seeks (HTTP Range).
    const whole = await fetchSigned(origin, video.faceUrl);
    expect(whole.status).toBe(200);
    const scan = await scanWebm(Buffer.from(await whole.arrayBuffer()));
    expect(scan.existingDuration! / 1000).toBeCloseTo(video.faceDurationSec, 2);
    const range = await fetchSigned(origin, video.faceUrl, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    const watched = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'watch'), eq(activities.userId, owner.user._id)));
    expect(watched).toHaveLength(1);
    expect(watched[0]).toMatchObject({
      target: 'interview',
      orgId: owner.user.companyId,
      description: 'Rina Katz',
      meta: { applicantId: ids.rina, jobId: jobB._id },
    });
  });

  it('refuses candidate tokens and anonymous callers on every route', async () => {
    const urls: ['GET' | 'PUT', string, unknown?][] = [
      ['GET', '/api/job/applicant'],
      ['GET', '/api/job/applicantCount'],
      ['GET', `/api/job/${jobB._id}/${ids.rina}`],
      ['GET', `/api/job/applicantVideos/${ids.rina}/${jobB._id}`],
      ['PUT', '/api/job/applicant', { applicants: [{ id: ids.rina, isRead: true }] }],
      ['PUT', '/api/job/applicantDelete', { applicants: [{ id: ids.gil }] }],
    ];
    const before = await snapshotApplicant(t.app, ids.rina);
    for (const [method, url, payload] of urls) {
      for (const headers of [bearer(rina.candidateToken), {}]) {
        const response = await t.app.inject({
          method,
          url,
          headers,
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await snapshotApplicant(t.app, ids.rina)).toEqual(before);
    expect((await snapshotApplicant(t.app, ids.gil)).row).toBeDefined();
  });

  it('keeps another organisation’s applicants out of reach, reading and writing', async () => {
    const as = recruiter(t.app, stranger);
    expect(await list(stranger)).toMatchObject({ applicants: [], filteredApplicantCount: 0 });
    expect((await as('GET', `/api/job/${jobB._id}/${ids.rina}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/job/applicantVideos/${ids.rina}/${jobB._id}`)).statusCode).toBe(
      404,
    );
    const before = await snapshotApplicant(t.app, ids.rina);
    const gilBefore = await snapshotApplicant(t.app, ids.gil);
    for (const change of [
      { isRead: true },
      { status: 2 },
      { archivedAt: new Date().toISOString() },
      { newNote: { txt: 'mine now' } },
      { info: { fName: 'Hacked' } },
    ]) {
      const response = await as('PUT', '/api/job/applicant', {
        applicants: [{ id: ids.rina, ...change }],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().key).toBe('NOT_FOUND_ERR');
    }
    const deleted = await as('PUT', '/api/job/applicantDelete', { applicants: [{ id: ids.gil }] });
    expect(deleted.statusCode).toBe(404);
    expect(await snapshotApplicant(t.app, ids.rina)).toEqual(before);
    expect(await snapshotApplicant(t.app, ids.gil)).toEqual(gilBefore);
    // Naming someone else's user as view-as is refused for a non-admin.
    const viewAs = await recruiter(t.app, stranger)(
      'GET',
      `/api/job/applicant?viewAsId=${owner.user._id}`,
    );
    expect(viewAs.json()).toMatchObject({ status: 403, key: 'VIEW_AS_FORBIDDEN_ERR' });
  });

  it('lets an admin view as another account, logging the admin as the actor', async () => {
    const viewed = await list(admin, `?viewAsId=${owner.user._id}`);
    expect(viewed.filteredApplicantCount).toBe(5);
    const details = await recruiter(t.app, admin)(
      'GET',
      `/api/job/${jobA._id}/${ids.yael}?viewAsId=${owner.user._id}`,
    );
    expect(details.statusCode).toBe(200);
    const videos = await recruiter(t.app, admin)(
      'GET',
      `/api/job/applicantVideos/${ids.yael}/${jobA._id}?viewAsId=${owner.user._id}`,
    );
    expect(videos.statusCode).toBe(200);
    const [watch] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'watch'), eq(activities.userId, admin.user._id)));
    expect(watch).toMatchObject({ meta: { applicantId: ids.yael, viewAsId: owner.user._id } });
    // Viewing as a free user shows what they see.
    const asFreeUser = await list(admin, `?viewAsId=${free.user._id}`);
    expect(asFreeUser.applicants.map((item) => item.isLocked)).toEqual([false, true]);
    expect((await list(admin)).filteredApplicantCount).toBe(0);
  });
});
