import type {
  ApplicantDetails,
  ApplicantListItem,
  CreateApplicantResponse,
  Job,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { bearer, logIn, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { callAsCandidate } from './interview-helpers';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import {
  applyAs,
  fetchSigned,
  recruiter,
  snapshotApplicant,
  uploadRecording,
} from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const DAY_MS = 24 * 60 * 60 * 1000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 2),
]);

describe.each(testDbKinds())('applicant review: reading (%s)', (kind) => {
  const clock = createTestClock();
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
  const ids = {} as Record<
    'yael' | 'avi' | 'odd' | 'moshe' | 'rina' | 'gil' | 'zoe' | 'adam',
    string
  >;
  let rina: CreateApplicantResponse;

  async function createJob(account: SignedUp, title: string, quests: unknown[]): Promise<Job> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(account.accessToken),
      payload: { job: jobPayload({ info: { title }, quests, rule: { isOneTry: false } }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Job;
  }

  /** Makes an applicant as if it had started `daysAgo` days ago (the app's clock moved back). */
  async function applyDaysAgo(
    daysAgo: number,
    jobId: string,
    options: Parameters<typeof applyAs>[2] = {},
  ) {
    clock.advance(-daysAgo * DAY_MS);
    try {
      return await applyAs(t.app, jobId, options);
    } finally {
      clock.reset();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    colleague = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Carmel' });
    stranger = await accountWith(t.app);
    admin = await accountWith(t.app, { role: 'admin' });
    free = await accountWith(t.app, { perm: 0 });
    jobA = await createJob(owner, 'Backend engineer', [questionPayload('text')]);
    jobB = await createJob(owner, 'Data analyst', [
      questionPayload('video'),
      questionPayload('text'),
      questionPayload('multipleChoice'),
    ]);
    freeJob = await createJob(free, 'Cashier', [questionPayload('video')]);
    const [textA] = jobA.quests;
    const [videoB, textB, choiceB] = jobB.quests;
    const textAnswer = { [textA!.id]: { resTime: 20, txt: 'I like queues' } };

    ids.yael = (await applyDaysAgo(1, jobA._id, { answers: textAnswer })).applicant.id;
    ids.avi = (
      await applyDaysAgo(10, jobA._id, {
        info: {
          fName: 'Avi',
          lName: 'Levi',
          email: 'avi@example.com',
          phone: '052-7654321',
          hometown: 'Tel Aviv',
        },
        answers: textAnswer,
      })
    ).applicant.id;
    ids.odd = (
      await applyDaysAgo(40, jobA._id, {
        info: {
          fName: 'Dana_100%',
          lName: 'Mizrahi',
          email: 'dana@example.com',
          hometown: 'Eilat',
        },
        finish: 'quit',
      })
    ).applicant.id;
    ids.moshe = (
      await applyDaysAgo(2, jobB._id, {
        info: {
          fName: 'Moshe',
          lName: 'Peretz',
          email: 'moshe@example.com',
          hometown: 'Beer Sheva',
        },
        finish: 'none',
      })
    ).applicant.id;
    rina = await applyDaysAgo(3, jobB._id, {
      info: { fName: 'Rina', lName: 'Katz', email: 'rina@example.com', hometown: 'Haifa' },
      // A CV, a face image and a real recording, then the answers, as the candidate app does.
      before: async (created) => {
        const as = callAsCandidate(t.app, created.candidateToken);
        const cv = await as(
          'POST',
          `/api/applicant/${created.applicant.id}/cv?name=${encodeURIComponent('rina cv.pdf')}`,
          PDF,
          { 'content-type': 'application/pdf' },
        );
        expect(cv.statusCode, cv.body).toBe(201);
        const image = await as('POST', `/api/applicant/${created.applicant.id}/image`, PNG, {
          'content-type': 'image/png',
        });
        expect(image.statusCode, image.body).toBe(201);
        const faceKey = await uploadRecording(t.app, origin, created, videoB!.id);
        const answers = await as('PUT', '/api/applicant', {
          applicant: {
            id: created.applicant.id,
            answerMap: {
              [videoB!.id]: { resTime: 4, faceKey },
              [textB!.id]: { resTime: 30, txt: 'Pivot tables' },
              [choiceB!.id]: { resTime: 7, optIdx: [0] },
            },
          },
          jobId: jobB._id,
        });
        expect(answers.statusCode, answers.body).toBe(200);
      },
    });
    ids.rina = rina.applicant.id;
    ids.gil = (
      await applyDaysAgo(5, jobA._id, {
        info: { fName: 'Gil', lName: 'Adler', email: 'gil@example.com' },
        answers: textAnswer,
      })
    ).applicant.id;
    ids.zoe = (
      await applyDaysAgo(1, freeJob._id, { info: { fName: 'Zoe' }, finish: 'none' })
    ).applicant.id;
    ids.adam = (
      await applyDaysAgo(2, freeJob._id, { info: { fName: 'Adam' }, finish: 'none' })
    ).applicant.id;
    // Adam stands for an organisation's 11th applicant: past the 10 free interviews.
    await t.app.db.update(applicants).set({ isFree: false }).where(eq(applicants.id, ids.adam));

    const set = await recruiter(t.app, owner)('PUT', '/api/job/applicant', {
      applicants: [
        { id: ids.yael, status: 3 },
        { id: ids.avi, status: 1 },
        { id: ids.gil, archivedAt: new Date().toISOString() },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const list = async (account: SignedUp, query = '') => {
    const response = await recruiter(t.app, account)('GET', `/api/job/applicant${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      applicants: ApplicantListItem[];
      pageCount: number;
      filteredApplicantCount: number;
    };
  };
  const names = async (query: string, account: SignedUp = owner) =>
    (await list(account, query)).applicants.map((item) => item.info.fName);

  it('lists the organisation’s applicants, filtered by each filter and by several at once', async () => {
    expect(await names('')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe', 'Dana_100%']);
    // Search: first, last and full name, email, phone, hometown, job title; case-insensitive.
    expect(await names('?txt=YAEL')).toEqual(['Yael']);
    expect(await names('?txt=katz')).toEqual(['Rina']);
    expect(await names(`?txt=${encodeURIComponent('rina katz')}`)).toEqual(['Rina']);
    expect(await names('?txt=avi%40example')).toEqual(['Avi']);
    expect(await names('?txt=052-765')).toEqual(['Avi']);
    expect(await names('?txt=eilat')).toEqual(['Dana_100%']);
    expect(await names(`?txt=${encodeURIComponent(' data an ')}`)).toEqual(['Rina', 'Moshe']);
    // LIKE wildcards are searched for literally.
    expect(await names('?txt=%25')).toEqual(['Dana_100%']);
    expect(await names('?txt=_')).toEqual(['Dana_100%']);
    // Statuses, comma-separated as the web app sends them, or repeated.
    expect(await names('?statuses=1,3')).toEqual(['Yael', 'Avi']);
    expect(await names('?statuses=1&statuses=3')).toEqual(['Yael', 'Avi']);
    // Last N days, by the app's clock.
    expect(await names('?daysAgo=7')).toEqual(['Yael', 'Rina', 'Moshe']);
    expect(await names('?daysAgo=31')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe']);
    expect(await names('?daysAgo=90')).toHaveLength(5);
    // Five and a half days later (a new login, as the old token has expired by then).
    clock.advance(5.5 * DAY_MS);
    try {
      const later = await logIn(t.app, owner.email, owner.password);
      expect(await names('?daysAgo=7', { ...owner, ...later })).toEqual(['Yael']);
    } finally {
      clock.reset();
    }
    // Incomplete: quit and not submitted; false gives all the others.
    expect(await names('?incomplete=true')).toEqual(['Dana_100%']);
    expect(await names('?incomplete=false')).toEqual(['Yael', 'Rina', 'Avi', 'Moshe']);
    // Archive view.
    expect(await names('?showArchived=true')).toEqual(['Gil']);
    expect(await names('?showArchived=false')).toHaveLength(5);
    // One job.
    expect(await names(`?jobId=${jobB._id}`)).toEqual(['Rina', 'Moshe']);
    // Combined.
    expect(await names(`?jobId=${jobA._id}&statuses=1,3&daysAgo=7`)).toEqual(['Yael']);
    expect(await names('?txt=haifa&statuses=0,5&incomplete=false')).toEqual(['Rina']);
    expect(await names(`?showArchived=true&jobId=${jobA._id}&txt=adler`)).toEqual(['Gil']);
  });

  it('answers list rows in the wire shape, with a signed face image and the incomplete flag', async () => {
    const { applicants: rows } = await list(owner, `?jobId=${jobB._id}`);
    const row = rows.find((item) => item.id === ids.rina)!;
    expect(row).toMatchObject({
      info: { fName: 'Rina', lName: 'Katz', email: 'rina@example.com', hometown: 'Haifa' },
      jobInfo: { title: 'Data analyst', jobId: jobB._id },
      status: 0,
      isRead: false,
      isFree: false,
      isLocked: false,
      archivedAt: null,
      incomplete: false,
    });
    expect(row.timestamp.submitted).toEqual(expect.any(String));
    const image = await fetchSigned(origin, row.info.imgUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const quit = (await list(owner, '?incomplete=true')).applicants[0]!;
    expect(quit).toMatchObject({ incomplete: true, info: { imgUrl: null } });
    expect(quit.timestamp.quited).toEqual(expect.any(String));
  });

  it('rejects bad filters with a clear 400', async () => {
    const as = recruiter(t.app, owner);
    for (const query of [
      '?statuses=8',
      '?statuses=-1',
      '?statuses=x',
      '?daysAgo=5',
      '?incomplete=maybe',
      '?currPage=0',
      '?itemsPerPage=101',
      '?sort=password:asc',
      '?sort=info.fName:up',
    ]) {
      const response = await as('GET', `/api/job/applicant${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().key).toBe('VALIDATION_ERR');
    }
  });

  it('sorts by each column with NULLs last and ties by creation, and pages', async () => {
    expect(await names('?sort=info.fName:asc')).toEqual([
      'Avi',
      'Dana_100%',
      'Moshe',
      'Rina',
      'Yael',
    ]);
    expect(await names('?sort=info.fName:desc')).toEqual([
      'Yael',
      'Rina',
      'Moshe',
      'Dana_100%',
      'Avi',
    ]);
    // Yael and Rina are both from Haifa: the newer first.
    expect(await names('?sort=info.hometown:asc')).toEqual([
      'Moshe',
      'Dana_100%',
      'Yael',
      'Rina',
      'Avi',
    ]);
    expect(await names('?sort=status:desc')).toEqual(['Yael', 'Avi', 'Moshe', 'Rina', 'Dana_100%']);
    expect(await names('?sort=jobInfo.title:asc')).toEqual([
      'Yael',
      'Avi',
      'Dana_100%',
      'Moshe',
      'Rina',
    ]);
    // Not submitted goes last whichever the direction.
    expect(await names('?sort=timestamp.submitted:asc')).toEqual([
      'Avi',
      'Rina',
      'Yael',
      'Moshe',
      'Dana_100%',
    ]);

    const page2 = await list(owner, '?itemsPerPage=2&currPage=2');
    expect(page2.applicants.map((item) => item.info.fName)).toEqual(['Avi', 'Moshe']);
    expect(page2).toMatchObject({ pageCount: 3, filteredApplicantCount: 5 });
    expect(await names('?itemsPerPage=2&currPage=3')).toEqual(['Dana_100%']);
    const beyond = await list(owner, '?itemsPerPage=2&currPage=4');
    expect(beyond).toMatchObject({ applicants: [], pageCount: 3, filteredApplicantCount: 5 });
    const none = await list(owner, '?txt=nobody-at-all');
    expect(none).toMatchObject({ applicants: [], pageCount: 0, filteredApplicantCount: 0 });
  });

  it('gives a free user the default sort and marks applicants beyond the free ones locked', async () => {
    const freeRows = await list(free, '?sort=info.fName:asc');
    expect(freeRows.applicants.map((item) => item.info.fName)).toEqual(['Zoe', 'Adam']);
    expect(
      freeRows.applicants.map((item) => [item.info.fName, item.isFree, item.isLocked]),
    ).toEqual([
      ['Zoe', true, false],
      ['Adam', false, true],
    ]);
    // A user with full access sees nothing locked.
    expect((await list(owner)).applicants.every((item) => !item.isLocked)).toBe(true);
  });

  it('counts matching and all unarchived applicants, of the organisation or one job', async () => {
    const as = recruiter(t.app, owner);
    const countOf = async (query: string) => {
      const response = await as('GET', `/api/job/applicantCount${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await countOf('')).toEqual({
      filteredApplicantCount: 5,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf('?statuses=1,3')).toEqual({
      filteredApplicantCount: 2,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf('?showArchived=true')).toEqual({
      filteredApplicantCount: 1,
      totalApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf(`?jobId=${jobB._id}&incomplete=false&daysAgo=7`)).toEqual({
      filteredApplicantCount: 2,
      totalApplicantCount: 2,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    expect(await countOf(`?jobId=${jobA._id}&txt=nobody`)).toEqual({
      filteredApplicantCount: 0,
      totalApplicantCount: 3,
      filteredApplicantCountCapped: false,
      totalApplicantCountCapped: false,
    });
    // A job of another organisation (or no job at all) is not found, for the list too.
    for (const jobId of [freeJob._id, 'not-a-job']) {
      expect((await as('GET', `/api/job/applicantCount?jobId=${jobId}`)).statusCode).toBe(404);
      const listed = await as('GET', `/api/job/applicant?jobId=${jobId}`);
      expect(listed.statusCode).toBe(404);
      expect(listed.json().key).toBe('NOT_FOUND_ERR');
    }
    expect((await as('GET', '/api/job/applicantCount?statuses=9')).statusCode).toBe(400);
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
