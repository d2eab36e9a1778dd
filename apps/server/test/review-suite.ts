import type { ApplicantListItem, CreateApplicantResponse, Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { applicants } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { callAsCandidate } from './interview-helpers';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import { applyAs, recruiter, uploadRecording } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A CV and a face image the uploads accept. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 2),
]);

/**
 * The set-up the applicant-reading test files share (review.test.ts, review-details): one
 * listening app on a test clock, an owner (all features) with a colleague, a stranger, an admin,
 * a free account, two jobs of the owner's and one of the free account's, and eight applicants
 * started over the last 40 days (Rina with a CV, a face image and a real recording), two given a
 * status and one archived; and the calls that list them. Call it inside the file's describe; `state` is
 * filled before the file's own beforeAll hooks run.
 */
export function reviewSuite(kind: TestDbKind) {
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

  return {
    state: {
      get t() {
        return t;
      },
      get origin() {
        return origin;
      },
      get owner() {
        return owner;
      },
      get colleague() {
        return colleague;
      },
      get stranger() {
        return stranger;
      },
      get admin() {
        return admin;
      },
      get free() {
        return free;
      },
      get jobA() {
        return jobA;
      },
      get jobB() {
        return jobB;
      },
      get freeJob() {
        return freeJob;
      },
      get rina() {
        return rina;
      },
    },
    clock,
    ids,
    list,
    names,
  };
}
