import type { ApplicantDetails, ApplicantListItem, ReviewAnswer } from '@candid/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_REVIEWER_EMAIL,
  DEMO_REVIEWER_JOB,
  seedDemo,
} from '../src/cli/seed';
import { applicants, uploads } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { bearer, logIn } from './factories';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds('both'))('npm run seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('gives a demo recruiter jobs and templates, once', async () => {
    expect(await seedDemo(t.app.db, { storage: t.app.storage })).toMatchObject({
      created: true,
      jobCount: 5,
      templateCount: 2,
      applicantCount: 6,
      reviewerCreated: true,
    });
    const session = await logIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(session.accessToken) });

    const active = (await get('/api/job')).json();
    expect(active.totalJobCount).toBe(4);
    const titles = active.jobs.map((job: { info: { title: string } }) => job.info.title);
    expect(titles).toContain('Senior Frontend Engineer');
    const frontend = active.jobs.find(
      (job: { info: { title: string } }) => job.info.title === 'Senior Frontend Engineer',
    );
    expect(
      frontend.quests.map((q: { ansRule: Record<string, boolean> }) =>
        Object.keys(q.ansRule).find((k) => q.ansRule[k]),
      ),
    ).toEqual(['isVidAns', 'isVidAns', 'isCodeAns', 'isMultiChoiceAns']);
    expect(frontend.info.coverUrl).toMatch(/^\/api\/covers\/.+\.svg$/);
    expect((await get(frontend.info.coverUrl)).statusCode).toBe(200);

    const archived = (await get('/api/job?showArchived=true')).json();
    expect(archived.jobs.map((job: { info: { title: string } }) => job.info.title)).toEqual([
      'Office Manager',
    ]);

    const templates = (await get('/api/template')).json();
    expect(templates.templates).toHaveLength(2);
    // Every seeded cover is one the gallery serves (a wrong id is a broken image on a card).
    const covers: string[] = [...active.jobs, ...archived.jobs, ...templates.templates].map(
      (item: { info?: { coverUrl: string }; coverUrl?: string }) =>
        item.info?.coverUrl ?? item.coverUrl ?? '',
    );
    expect(covers).toHaveLength(7);
    for (const cover of covers) {
      expect(cover).toMatch(/^\/api\/covers\/.+\.svg$/);
      expect((await get(cover)).statusCode, cover).toBe(200);
    }
    expect(templates.templates.filter((tpl: { isDefault: boolean }) => tpl.isDefault)).toHaveLength(
      1,
    );

    const uploadCount = async () => (await t.app.db.select({ n: count() }).from(uploads))[0]!.n;
    const storedUploads = await uploadCount();
    expect(await seedDemo(t.app.db, { storage: t.app.storage })).toMatchObject({
      created: false,
      applicantCount: 0,
    });
    expect((await get('/api/job')).json().totalJobCount).toBe(4);
    expect((await get('/api/job/applicantCount')).json()).toEqual({
      filteredApplicantCount: 5,
      filteredApplicantCountCapped: false,
      totalApplicantCount: 5,
      totalApplicantCountCapped: false,
    });
    expect(await uploadCount()).toBe(storedUploads);
  });

  it('adds a reviewer who sees only the one job they are assigned to, once', async () => {
    const session = await logIn(t.app, DEMO_REVIEWER_EMAIL, DEMO_PASSWORD);
    expect(session.user.orgRole).toBe('reviewer');
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(session.accessToken) });
    const jobs = (await get('/api/job')).json();
    expect(jobs.jobs.map((job: { info: { title: string } }) => job.info.title)).toEqual([
      DEMO_REVIEWER_JOB,
    ]);
    const listed = (await get('/api/job/applicant')).json().applicants as ApplicantListItem[];
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((applicant) => applicant.jobInfo.title))).toEqual(
      new Set([DEMO_REVIEWER_JOB]),
    );
    // Another job's applicant is not theirs.
    const owner = await logIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const all = (
      await t.app.inject({
        method: 'GET',
        url: '/api/job/applicant',
        headers: bearer(owner.accessToken),
      })
    ).json().applicants as ApplicantListItem[];
    const other = all.find((applicant) => applicant.jobInfo.title !== DEMO_REVIEWER_JOB)!;
    expect((await get(`/api/job/${other.jobInfo.jobId}/${other.id}`)).statusCode).toBe(404);
    // Seeding again adds no second reviewer.
    const again = await seedDemo(t.app.db, { storage: t.app.storage });
    expect(again.reviewerCreated).toBe(false);
    expect((await get('/api/job')).json().jobs).toHaveLength(1);
  });

  it('gives the demo recruiter applicants to review, with recordings that play and seek', async () => {
    const session = await logIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...bearer(session.accessToken), ...headers } });

    const listed = (await get('/api/job/applicant')).json().applicants as ApplicantListItem[];
    expect(
      listed.map((item) => [item.info.fName, item.status, item.isRead, item.incomplete]),
    ).toEqual([
      ['Noa', 0, false, false],
      ['Maya', 3, true, false],
      ['Omer', 5, true, false],
      ['Yossi', 1, true, false],
      ['Tamar', 0, false, true],
    ]);
    expect(listed.every((item) => !item.isLocked)).toBe(true);
    const archived = (await get('/api/job/applicant?showArchived=true')).json().applicants;
    expect(archived.map((item: ApplicantListItem) => [item.info.fName, item.status])).toEqual([
      ['Eli', 6],
    ]);

    const maya = listed.find((item) => item.info.fName === 'Maya')!;
    const details = (await get(`/api/job/${maya.jobInfo.jobId}/${maya.id}`)).json()
      .applicant as ApplicantDetails;
    expect(details.notes.map((note) => note.timeStamp ?? null)).toEqual(['00:02', null]);
    expect(details.notes[0]!.owner).toMatchObject({ fName: 'Dana' });
    expect(
      details.timeline.map((event) =>
        event.type === 'activity' ? event.activity : `${event.type}`,
      ),
    ).toEqual(['created', 'opened', 'submitted', 'note', 'note', 'status', 'status']);
    expect(details.info.cv).toMatch(/^Maya Ben-David CV\.pdf-\d+$/);
    const cv = await t.app.inject({
      method: 'GET',
      url: details.info.cvUrl!,
    });
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const videos = (await get(`/api/job/applicantVideos/${maya.id}/${maya.jobInfo.jobId}`)).json()
      .answerMap as Record<string, ReviewAnswer>;
    const [intro, project, code, choice] = details.job.quests;
    expect(videos[code!.id]!.txt).toContain('function reverse');
    expect(videos[choice!.id]!.optIdx).toEqual([1]);
    for (const quest of [intro!, project!]) {
      const answer = videos[quest.id]!;
      expect(answer.faceDurationSec).toBeGreaterThan(3);
      expect(answer.faceDurationSec).toBeLessThan(6);
      const whole = await t.app.inject({ method: 'GET', url: answer.faceUrl! });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/webm');
      const scan = await scanWebm(whole.rawPayload);
      // A finite Duration in the file: the player knows the length and can seek.
      expect(Number.isFinite(scan.existingDuration)).toBe(true);
      expect((scan.existingDuration! * scan.timecodeScaleNs) / 1e9).toBeCloseTo(
        answer.faceDurationSec!,
        2,
      );
      const range = await t.app.inject({
        method: 'GET',
        url: answer.faceUrl!,
        headers: { range: 'bytes=1000-1999' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(1000);
    }

    // A text answer, and a quit interview's partial answers.
    const noa = listed.find((item) => item.info.fName === 'Noa')!;
    const noaVideos = (await get(`/api/job/applicantVideos/${noa.id}/${noa.jobInfo.jobId}`)).json()
      .answerMap as Record<string, ReviewAnswer>;
    expect(Object.values(noaVideos).filter((answer) => answer.txt)).toHaveLength(1);
    const tamar = listed.find((item) => item.info.fName === 'Tamar')!;
    const tamarVideos = (
      await get(`/api/job/applicantVideos/${tamar.id}/${tamar.jobInfo.jobId}`)
    ).json().answerMap as Record<string, ReviewAnswer>;
    expect(Object.keys(tamarVideos)).toHaveLength(1);
  });

  it('adds the applicants to a demo account seeded before they existed', async () => {
    const user = (await t.app.db.select().from(applicants))[0]!;
    await t.app.db.delete(applicants).where(eq(applicants.orgId, user.orgId));
    expect(await seedDemo(t.app.db, { storage: t.app.storage })).toMatchObject({
      created: false,
      applicantCount: 6,
    });
  });
});
