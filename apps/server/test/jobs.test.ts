import {
  JOB_DESC_MAX_CHARS,
  PLANS,
  QUESTION_DESC_MAX_CHARS,
  VALIDATION_KEYS,
  type Job,
} from '@candid/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import { accountWith, issueMessages, jobPayload, questionPayload } from './jobs-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { jobsSuite } from './jobs-suite';

describe.each(testDbKinds())('jobs on %s: saving and validating', (kind) => {
  const suite = jobsSuite(kind);
  const { clock, as, createJob, jobCount, activitiesOf } = suite;
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(() => {
    ({ t, owner, stranger } = suite.state);
  });

  it('requires a login for every recruiter call', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/job'],
      ['GET', '/api/job/jobCount'],
      ['GET', `/api/job/${someId}`],
      ['POST', '/api/job'],
      ['PUT', '/api/job'],
      ['DELETE', `/api/job/${someId}`],
      ['POST', `/api/job/${someId}/clone`],
    ] as const) {
      const response = await as(null)(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ key: 'LOGIN_REQUIRED_ERR' });
    }
  });

  it('creates a job with the spec defaults, stable question ids and sanitised HTML', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        info: {
          title: '   ',
          location: ' Haifa ',
          desc: '<p onclick="steal()">Hello <strong>team</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://example.com">good</a>',
        },
        company: { name: '' },
        applicants: [{ id: 'x' }],
        owner: { _id: stranger.user._id, fName: 'Eve' },
        quests: [
          questionPayload('video', {
            txt: '  ',
            desc: '<h2 style="color:red;text-align:center">Q</h2><iframe src="https://evil"></iframe><p>ok</p>',
          }),
          questionPayload('video', { id: 'keepme', timeLimit: undefined }),
        ],
      }),
    );
    expect(job.info.title).toBe('Untitled job');
    expect(job.info.location).toBe('Haifa');
    expect(job.company.name).toBe('company');
    expect(job.quests[0]!.txt).toBe('question');
    expect(job.quests[0]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(job.quests[1]!.id).toBe('keepme');
    expect(job.quests[1]!.timeLimit).toBe(5);
    expect(job.owner).toMatchObject({ _id: owner.user._id, fName: 'Rina' });
    expect(job.applicants).toEqual([]);
    expect(job.applicantSummary).toEqual({
      avatars: [],
      applicantCount: 0,
      newCount: 0,
      toReviewCount: 0,
    });
    expect(job.archivedAt).toBeNull();
    expect(Math.abs(Date.parse(job.createdAt) - clock.now().getTime())).toBeLessThan(5000);

    const stored = (await as(owner)('GET', `/api/job/${job._id}`)).json() as Job;
    for (const html of [stored.info.desc, stored.quests[0]!.desc]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|color:/i);
    }
    expect(stored.info.desc).toContain('<strong>team</strong>');
    expect(stored.info.desc).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(stored.quests[0]!.desc).toBe('<h2 style="text-align:center">Q</h2><p>ok</p>');
    expect(await activitiesOf(job._id)).toEqual([
      { type: 'create', userId: owner.user._id, meta: { jobId: job._id } },
    ]);
  });

  it('keeps the given question ids but replaces repeated ones', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        quests: [
          questionPayload('video', { id: 'same' }),
          questionPayload('video', { id: 'same' }),
        ],
      }),
    );
    expect(job.quests[0]!.id).toBe('same');
    expect(job.quests[1]!.id).not.toBe('same');
    expect(job.quests[1]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('rejects invalid jobs with 400 and the domain message key, writing nothing', async () => {
    const before = await jobCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        jobPayload({ rule: { isOneTry: false }, quests: [questionPayload('screen')] }),
        VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES,
      ],
      [jobPayload({ quests: [] }), VALIDATION_KEYS.QUESTIONS_REQUIRED],
      [
        jobPayload({ quests: [questionPayload('video', { timeLimit: 31 })] }),
        VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE,
      ],
      [
        jobPayload({
          quests: [
            questionPayload('video', {
              ansRule: { ...(questionPayload('video').ansRule as object), isTxtAns: true },
            }),
          ],
        }),
        VALIDATION_KEYS.ANSWER_TYPE_REQUIRED,
      ],
      [
        jobPayload({
          quests: [questionPayload('multipleChoice', { opts: [{ txt: 'Only', isCorrect: true }] })],
        }),
        VALIDATION_KEYS.OPTIONS_REQUIRED,
      ],
      // The rich-text editor's character limits, counted on the text and not the markup.
      [
        jobPayload({ info: { desc: `<p><b>${'a'.repeat(JOB_DESC_MAX_CHARS + 1)}</b></p>` } }),
        VALIDATION_KEYS.TEXT_TOO_LONG_VALIDATE,
      ],
      [
        jobPayload({
          quests: [
            questionPayload('video', { desc: `<p>${'a'.repeat(QUESTION_DESC_MAX_CHARS + 1)}</p>` }),
          ],
        }),
        VALIDATION_KEYS.TEXT_TOO_LONG_VALIDATE,
      ],
    ];
    for (const [job, key] of cases) {
      const response = await as(owner)('POST', '/api/job', { job });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_ERR' });
      expect(issueMessages(response)).toContain(key);
    }
    const unsafeCover = await as(owner)('POST', '/api/job', {
      job: jobPayload({ info: { coverUrl: 'javascript:alert(1)' } }),
    });
    expect(unsafeCover.statusCode).toBe(400);
    const missingInfo = await as(owner)('POST', '/api/job', { job: { quests: [] } });
    expect(missingInfo.statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('accepts screen recording with one try and fills empty option texts', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        quests: [
          questionPayload('screen'),
          questionPayload('multipleChoice', {
            opts: [
              { txt: '', isCorrect: false },
              { txt: 'Yes', isCorrect: true },
            ],
          }),
        ],
      }),
    );
    expect(job.quests[0]!.ansRule.isScreenAns).toBe(true);
    expect(job.quests[1]!.opts).toEqual([
      { txt: 'Option 1', isCorrect: false },
      { txt: 'Yes', isCorrect: true },
    ]);
  });

  it("gates answer types by the owner's plan (403), honouring feature grants", async () => {
    const starter = await accountWith(t.app, { perm: PLANS.STARTER });
    for (const type of ['text', 'screen', 'image', 'code', 'multipleChoice'] as const) {
      const response = await as(starter)('POST', '/api/job', {
        job: jobPayload({ quests: [questionPayload('video'), questionPayload(type)] }),
      });
      expect(response.statusCode, type).toBe(403);
      expect(response.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    }
    const video = await createJob(starter);
    expect(video.quests[0]!.ansRule.isVidAns).toBe(true);

    const professional = await accountWith(t.app, { perm: PLANS.PROFESSIONAL });
    await createJob(professional, jobPayload({ quests: [questionPayload('screen')] }));

    const granted = await accountWith(t.app, {
      perm: PLANS.STARTER,
      advancedPrm: { TEXT_ANSWER: true },
    });
    const text = await createJob(granted, jobPayload({ quests: [questionPayload('text')] }));
    expect(text.quests[0]!.ansRule.isTxtAns).toBe(true);
    const code = await as(granted)('POST', '/api/job', {
      job: jobPayload({ quests: [questionPayload('code')] }),
    });
    expect(code.statusCode).toBe(403);
  });

  it('gates only new answer-type choices on update, so a downgraded owner keeps their jobs', async () => {
    const account = await accountWith(t.app, { perm: PLANS.ENTERPRISE });
    const job = await createJob(
      account,
      jobPayload({ quests: [questionPayload('text'), questionPayload('video')] }),
    );
    await t.app.db.execute(sql`update users set perm = 0 where id = ${account.user._id}`);

    const retitled = await as(account)('PUT', '/api/job', {
      jobs: [{ ...job, info: { ...job.info, title: 'Renamed' } }],
    });
    expect(retitled.statusCode, retitled.body).toBe(200);

    const changed = await as(account)('PUT', '/api/job', {
      jobs: [
        {
          ...job,
          quests: [job.quests[0], { ...job.quests[1], ansRule: questionPayload('code').ansRule }],
        },
      ],
    });
    expect(changed.statusCode).toBe(403);
    const added = await as(account)('PUT', '/api/job', {
      jobs: [{ ...job, quests: [...job.quests, questionPayload('text')] }],
    });
    expect(added.statusCode).toBe(403);
    const stored = (await as(account)('GET', `/api/job/${job._id}`)).json() as Job;
    expect(stored.info.title).toBe('Renamed');
    expect(stored.quests).toHaveLength(2);
  });

  it('documents every job route in the OpenAPI document', async () => {
    const response = await as(null)('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/job',
      '/api/job/jobCount',
      '/api/job/{id}',
      '/api/job/{id}/public',
      '/api/job/{id}/clone',
    ]) {
      expect(paths).toContain(path);
    }
    // The first delete URL works on (view-as as a path segment) but is not documented: as a
    // path it is the same as /api/job/{jobId}/{applicantId}.
    expect(paths).not.toContain('/api/job/{id}/{viewAsId}');
  });
});
