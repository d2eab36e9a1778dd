import type { RecordListResponse } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { logRecords } from '../src/db/schema';
import { redactSecrets, redactText } from '../src/modules/logs/logs.service';
import { bearer, type SignedUp } from './factories';
import { CANDIDATE_INFO, createInterviewJob, startInterview } from './interview-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { entry, recordsSuite } from './records-suite';

describe('redaction of secrets', () => {
  it.each([
    [
      'a bearer header',
      'GET /api/job failed: Authorization: Bearer abc.def-123',
      'Bearer [redacted]',
    ],
    [
      'a JWT',
      'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature_x leaked',
      'token [redacted] leaked',
    ],
    [
      'a signed URL',
      'PUT http://x/upload?key=a&X-Amz-Signature=deadbeef&y=1',
      'X-Amz-Signature=[redacted]&y=1',
    ],
    ['a password parameter', 'POST /login?password=hunter2', 'password=[redacted]'],
  ])('in text: %s', (_name, text, expected) => {
    expect(redactText(text)).toContain(expected);
    expect(redactText(text)).not.toMatch(/abc\.def|eyJzdWIi|deadbeef|hunter2/);
  });

  it('in secret-named keys, at any depth', () => {
    expect(
      redactSecrets({ a: { password: 'x', refreshToken: 'y', nested: [{ apiKey: 'z' }] }, b: 1 }),
    ).toEqual({
      a: { password: '[redacted]', refreshToken: '[redacted]', nested: [{ apiKey: '[redacted]' }] },
      b: 1,
    });
  });
});

describe.each(testDbKinds())('records on %s: storing and the overview', (kind) => {
  const suite = recordsSuite(kind);
  const { post, list, count } = suite;
  let t: TestApp;
  let admin: SignedUp;
  let recruiter: SignedUp;
  beforeAll(() => {
    ({ t, admin, recruiter } = suite.state);
  });

  it("stores a recruiter's batch as frontend records with who was using it, secrets redacted", async () => {
    const response = await post(
      [
        entry({
          message: 'GET /api/job 503 with Bearer abc.def',
          meta: { traceId: 'trace-r1', statusCode: 503, path: '/backoffice/job' },
        }),
        entry({ level: 'warn', message: 'slow network' }),
      ],
      {
        ...bearer(recruiter.accessToken),
        'user-agent': 'Chrome-Test',
        referer: 'http://localhost:3000/backoffice/job',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ saved: 2 });

    const found = (await list(admin, '?traceID=trace-r1')).json() as RecordListResponse;
    expect(found.totalRecordCount).toBe(1);
    const [record] = found.records;
    expect(record).toMatchObject({
      level: 'error',
      message: 'GET /api/job 503 with Bearer [redacted]',
      meta: {
        source: 'frontend',
        traceId: 'trace-r1',
        statusCode: 503,
        browser: 'Chrome-Test',
        referrer: 'http://localhost:3000/backoffice/job',
        environment: 'staging',
        clientTime: '2026-11-26T10:00:00.000Z',
        user: { _id: recruiter.user._id, fName: 'Rina', lName: 'Katz', email: recruiter.email },
      },
    });
  });

  it("stores a candidate's entries under their applicant, and a visitor's with no one", async () => {
    const job = await createInterviewJob(t.app, recruiter);
    const started = await startInterview(t.app, job._id, CANDIDATE_INFO);
    const asCandidate = await post([entry({ message: 'camera busy', meta: { traceId: 'c1' } })], {
      ...bearer(started.candidateToken),
    });
    expect(asCandidate.statusCode, asCandidate.body).toBe(200);
    const anonymous = await post([
      entry({ message: 'chunk load failed', meta: { traceId: 'a1' } }),
    ]);
    expect(anonymous.statusCode).toBe(200);

    const candidate = (await list(admin, '?traceID=c1')).json() as RecordListResponse;
    expect(candidate.records[0]!.meta).toMatchObject({
      applicant: {
        id: started.applicant.id,
        info: { jobId: job._id, fName: 'Yael', lName: 'Cohen', email: 'yael@example.com' },
      },
    });
    expect(candidate.records[0]!.meta).not.toHaveProperty('user');
    // The record overview's user filter finds a candidate by name or address too.
    for (const userTxt of ['Yael Cohen', 'yael@example']) {
      const byName = (
        await list(admin, `?traceID=c1&userTxt=${encodeURIComponent(userTxt)}`)
      ).json() as RecordListResponse;
      expect(byName.totalRecordCount, userTxt).toBe(1);
    }
    const visitor = (await list(admin, '?traceID=a1')).json() as RecordListResponse;
    expect(visitor.records[0]!.meta).not.toHaveProperty('user');
    expect(visitor.records[0]!.meta).not.toHaveProperty('applicant');
  });

  it('a client cannot claim to be the backend or someone else', async () => {
    await post(
      [
        entry({
          message: 'forged',
          meta: { traceId: 'forged', source: 'backend', user: { _id: admin.user._id } } as never,
        }),
      ],
      bearer(recruiter.accessToken),
    );
    const [record] = ((await list(admin, '?traceID=forged')).json() as RecordListResponse).records;
    expect(record!.meta.source).toBe('frontend');
    expect(record!.meta.user?._id).toBe(recruiter.user._id);
  });

  it.each([
    ['an empty batch', []],
    ['more than 50 entries', Array(51).fill(entry())],
    ['an unknown level', [entry({ level: 'fatal' as never })]],
    ['an over-long message', [entry({ message: 'x'.repeat(2001) })]],
    ['not a list', { message: 'x' }],
  ])('refuses %s with 400 and stores nothing', async (_name, payload) => {
    const before = await count();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    expect(await count()).toBe(before);
  });

  it('refuses a body over its size limit with 413 in the standard body', async () => {
    const response = await post([entry({ message: 'x'.repeat(300_000) })]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, key: 'PAYLOAD_TOO_LARGE_ERR' });
  });

  it("stores the server's own 5xx as a backend record with the request's trace id", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: bearer(recruiter.accessToken),
    });
    expect(response.statusCode).toBe(500);
    const traceId = (response.json() as { traceId: string }).traceId;
    // The record is written after the answer: wait for it.
    await expect
      .poll(
        async () =>
          ((await list(admin, `?traceID=${traceId}`)).json() as RecordListResponse)
            .totalRecordCount,
      )
      .toBe(1);
    const [record] = ((await list(admin, `?traceID=${traceId}`)).json() as RecordListResponse)
      .records;
    expect(record).toMatchObject({
      level: 'error',
      message: 'database password=[redacted] is wrong',
      meta: {
        source: 'backend',
        statusCode: 500,
        request: 'GET /api/test/boom',
        environment: 'staging',
        user: { _id: recruiter.user._id },
      },
    });
    expect(JSON.stringify(record)).not.toContain('hunter2');
    // The failing route is set up in records-suite.ts: its stack names that file.
    expect((record!.meta as { stack?: string }).stack).toContain('records-suite.ts');
  });

  it('the overview is for admins only', async () => {
    expect((await list(null)).json()).toMatchObject({ status: 401, key: 'LOGIN_REQUIRED_ERR' });
    expect((await list(recruiter)).json()).toMatchObject({ status: 403, key: 'FORBIDDEN_ERR' });
  });

  it('filters by source, level, status code, text (or its opposite), user and dates; newest first', async () => {
    await t.app.db.delete(logRecords);
    const at = (iso: string) => new Date(iso);
    await t.app.db.insert(logRecords).values([
      {
        timestamp: at('2026-05-01T08:00:00Z'),
        level: 'error',
        message: 'upload failed',
        source: 'frontend',
        statusCode: 503,
        meta: { user: { _id: 'u1', fName: 'Rina', lName: 'Katz', email: 'rina@acme.test' } },
      },
      {
        timestamp: at('2026-05-02T08:00:00Z'),
        level: 'warn',
        message: 'slow network',
        source: 'frontend',
        meta: { applicant: { id: 'app-7' } },
      },
      {
        timestamp: at('2026-05-03T08:00:00Z'),
        level: 'error',
        message: 'db down',
        source: 'backend',
        statusCode: 500,
        traceId: 't-3',
        meta: {},
      },
      {
        timestamp: at('2026-05-31T23:30:00Z'),
        level: 'info',
        message: 'upload resumed',
        source: 'frontend',
        meta: { user: { _id: 'u2', fName: 'Omer', lName: 'Ben', email: 'omer@x.test' } },
      },
    ]);
    const messages = async (query: string) =>
      ((await list(admin, query)).json() as RecordListResponse).records.map((r) => r.message);

    expect(await messages('')).toEqual([
      'upload resumed',
      'db down',
      'slow network',
      'upload failed',
    ]);
    expect(await messages('?source=backend')).toEqual(['db down']);
    expect(await messages('?levels=warn,info')).toEqual(['upload resumed', 'slow network']);
    expect(await messages('?statusCode=503')).toEqual(['upload failed']);
    expect(await messages('?txt=upload')).toEqual(['upload resumed', 'upload failed']);
    expect(await messages('?txt=upload&exclude=true')).toEqual(['db down', 'slow network']);
    expect(await messages('?userTxt=rina%20katz')).toEqual(['upload failed']);
    expect(await messages('?userTxt=acme')).toEqual(['upload failed']);
    expect(await messages('?userTxt=app-7')).toEqual(['slow network']);
    expect(await messages('?fromDate=2026-05-02&toDate=2026-05-31')).toEqual([
      'upload resumed',
      'db down',
      'slow network',
    ]);
    const page = (await list(admin, '?limit=2&skip=2')).json() as RecordListResponse;
    expect(page.records.map((r) => r.message)).toEqual(['slow network', 'upload failed']);
    expect(page).toMatchObject({ totalRecordCount: 4, totalRecordCountCapped: false });
    expect((await list(admin, '?levels=fatal')).statusCode).toBe(400);
  });
});
