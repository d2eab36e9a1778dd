import {
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  type LogEntryInput,
  type RecordListResponse,
} from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRecords } from '../src/db/schema';
import { redactSecrets, redactText } from '../src/modules/records/records.service';
import { bearer, createAccount, signUp, type SignedUp } from './factories';
import { createInterviewJob, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const entry = (overrides: Partial<LogEntryInput> = {}): LogEntryInput => ({
  timestamp: '2026-11-26T10:00:00.000Z',
  level: 'error',
  message: 'Upload failed',
  meta: {},
  ...overrides,
});

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

describe.each(testDbKinds())('records on %s', (kind) => {
  let t: TestApp;
  let admin: SignedUp;
  let recruiter: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ENV: 'staging' }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database password=hunter2 is wrong');
      });
    });
    admin = await createAccount(t.app, { role: 'admin' });
    recruiter = await signUp(t.app, { fName: 'Rina', lName: 'Katz', companyName: 'Acme' });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/record', payload: payload as object, headers });
  const list = (account: SignedUp | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/record${query}`,
      headers: account ? bearer(account.accessToken) : {},
    });
  const count = async () =>
    Number(
      (
        (await t.app.db.execute(sql`select count(*)::int as n from log_records`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

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
    const started = await startInterview(t.app, job._id);
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
    expect((record!.meta as { stack?: string }).stack).toContain('records.test.ts');
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
  describe('each filter answers what a plain query over the records answers', () => {
    const U = String.fromCharCode(31);
    beforeAll(async () => {
      await t.app.db.delete(logRecords);
      // 240 records, ten to a timestamp (ties sort by id), over 24 days of May 2026: levels,
      // sources, status codes, messages in mixed case with %, _ and \, and who was using the
      // product on every path the user filter reads (some paths missing).
      const users = [
        {
          _id: 'u-1',
          fName: 'Rina',
          lName: 'Katz',
          email: 'rina@acme.test',
          companyName: 'Acme Ltd',
        },
        { _id: 'u-2', fName: 'Omer', email: 'OMER@x.test' },
        { _id: 'u-3', lName: 'Ben-David', companyName: '100% Hires_co' },
        { _id: 'u-42', fName: 'אורי', lName: 'כהן', email: 'ori@he.test' },
      ];
      const applicants = [
        { id: 'app-7' },
        { id: 'app-8', info: { fName: 'Yael', lName: 'Cohen', email: 'yael@example.com' } },
        { id: 'app-9', info: { lName: 'Levi', email: 'LEVI@Mail.test' } },
      ];
      const messages = [
        'Upload FAILED: network',
        'upload failed',
        'slow network',
        '100% of chunks sent',
        'under_score and back\\slash',
        'Déjà vu: ÉCHEC',
      ];
      const levels = ['error', 'warn', 'info', 'http', 'debug'] as const;
      await t.app.db.insert(logRecords).values(
        Array.from({ length: 240 }, (_, n) => ({
          timestamp: new Date(Date.UTC(2026, 4, 1 + Math.floor(n / 10), 22, 30)),
          level: levels[n % 5]!,
          message: messages[n % 6]!,
          source: n % 3 === 0 ? 'backend' : 'frontend',
          statusCode: n % 4 === 0 ? null : [500, 503, 404][n % 3]!,
          meta:
            n % 7 === 0
              ? {}
              : n % 2 === 0
                ? { user: users[Math.floor(n / 2) % 4] }
                : { applicant: applicants[n % 3], ...(n % 5 === 0 ? { user: users[0] } : {}) },
        })),
      );
    });

    /** The ids a plain query returns: the filter as it was written before the trigram columns. */
    async function reference(
      query: Record<string, string>,
    ): Promise<{ ids: string[]; total: number }> {
      const conditions = [sql`true`];
      const pattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (query.source) conditions.push(sql`source = ${query.source}`);
      if (query.statusCode) conditions.push(sql`status_code = ${Number(query.statusCode)}`);
      if (query.levels) conditions.push(sql`level in ${query.levels.split(',')}`);
      if (query.fromDate) conditions.push(sql`timestamp >= ${query.fromDate}::date`);
      if (query.toDate) conditions.push(sql`timestamp < ${query.toDate}::date + 1`);
      if (query.txt) {
        const match = sql`message ilike ${pattern(query.txt)}`;
        conditions.push(query.exclude === 'true' ? sql`not (${match})` : match);
      }
      if (query.userTxt) {
        const p = pattern(query.userTxt);
        conditions.push(sql`(
          (meta #>> '{user,fName}') ilike ${p} or (meta #>> '{user,lName}') ilike ${p}
          or (meta #>> '{user,email}') ilike ${p} or (meta #>> '{user,companyName}') ilike ${p}
          or (meta #>> '{user,_id}') ilike ${p} or (meta #>> '{applicant,id}') ilike ${p}
          or (meta #>> '{applicant,info,fName}') ilike ${p}
          or (meta #>> '{applicant,info,lName}') ilike ${p}
          or (meta #>> '{applicant,info,email}') ilike ${p}
          or concat_ws(' ', meta #>> '{user,fName}', meta #>> '{user,lName}') ilike ${p}
          or concat_ws(' ', meta #>> '{applicant,info,fName}', meta #>> '{applicant,info,lName}') ilike ${p})`);
      }
      const size = Number(query.itemsPerPage ?? 50);
      const skip = (Number(query.currPage ?? 1) - 1) * size;
      const { rows } = (await t.app.db.execute(
        sql`select id, count(*) over () as total from log_records where ${sql.join(conditions, sql` and `)}
          order by timestamp desc, id desc`,
      )) as unknown as { rows: { id: string; total: string | number }[] };
      return {
        ids: rows.slice(skip, skip + size).map((row) => row.id),
        total: Number(rows[0]?.total ?? 0),
      };
    }

    it.each([
      ['no filter', {}],
      ['a deep page (ties by id)', { currPage: '4', itemsPerPage: '7' }],
      ['the last page, past ties', { currPage: '12', itemsPerPage: '20' }],
      ['a page past the end', { currPage: '40', itemsPerPage: '10' }],
      ['source', { source: 'backend' }],
      ['status code', { statusCode: '503' }],
      ['one level', { levels: 'debug' }],
      ['levels', { levels: 'warn,info' }],
      ['dates, the last day included', { fromDate: '2026-05-05', toDate: '2026-05-09' }],
      ['txt', { txt: 'failed' }],
      ['txt in another case', { txt: 'FAILED: NET' }],
      ['txt, not ASCII', { txt: 'déjà vu: échec' }],
      ['txt with % taken literally', { txt: '100%' }],
      ['txt with _ taken literally', { txt: 'r_s' }],
      ['txt with \\ taken literally', { txt: 'back\\slash' }],
      ['exclude', { txt: 'failed', exclude: 'true' }],
      [
        'exclude with a deep page',
        { txt: 'NETWORK', exclude: 'true', currPage: '3', itemsPerPage: '9' },
      ],
      ["userTxt: the user's first name", { userTxt: 'rin' }],
      ["userTxt: the user's last name", { userTxt: 'ben-dav' }],
      ["userTxt: the user's first and last name", { userTxt: 'rina katz' }],
      ["userTxt: the user's email", { userTxt: 'omer@x' }],
      ["userTxt: the user's company", { userTxt: 'acme ltd' }],
      ["userTxt: the user's company, % literally", { userTxt: '100% hires_' }],
      ["userTxt: the user's id", { userTxt: 'u-3' }],
      ["userTxt: part of the user's id", { userTxt: '42' }],
      ["userTxt: the user's Hebrew name", { userTxt: 'אורי כהן' }],
      ["userTxt: the applicant's id", { userTxt: 'app-7' }],
      ["userTxt: the applicant's first name", { userTxt: 'YAEL' }],
      ["userTxt: the applicant's last name alone", { userTxt: 'levi' }],
      ["userTxt: the applicant's first and last name", { userTxt: 'yael cohen' }],
      ["userTxt: the applicant's email", { userTxt: 'levi@mail' }],
      ['userTxt: never across two fields', { userTxt: 'katz rina' }],
      ['userTxt: never across two fields (a separator typed)', { userTxt: `katz${U}rina@` }],
      ['userTxt: a name and an id', { userTxt: 'katz' + ' ' + 'u-1' }],
      [
        'userTxt, levels, dates and a page',
        {
          userTxt: 'a',
          levels: 'error,warn,info',
          fromDate: '2026-05-03',
          toDate: '2026-05-20',
          currPage: '2',
          itemsPerPage: '15',
        },
      ],
      ['txt, status code and source', { txt: 'upload', statusCode: '500', source: 'frontend' }],
    ])('%s', async (_name, query: Record<string, string>) => {
      const expected = await reference(query);
      const response = await list(admin, `?${new URLSearchParams(query)}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as RecordListResponse;
      expect(page.records.map((record) => record._id)).toEqual(expected.ids);
      expect(page).toMatchObject({
        totalRecordCount: expected.total,
        totalRecordCountCapped: false,
      });
    });

    it('a match of every kind is among them (the cases above test something)', async () => {
      const queries: Record<string, string>[] = [
        { txt: 'déjà vu: échec' },
        { userTxt: '42' },
        { userTxt: 'levi' },
        { txt: '100%' },
      ];
      for (const query of queries) {
        expect((await reference(query)).total, JSON.stringify(query)).toBeGreaterThan(0);
      }
      expect((await reference({ userTxt: `katz${U}rina@` })).total).toBe(0);
    });

    it.each([
      ['an unknown level', '?levels=fatal'],
      ['a status code that is not a number', '?statusCode=abc'],
      ['a status code out of range', '?statusCode=600'],
      ['a date that is not one', '?fromDate=yesterday'],
      ['page 0', '?currPage=0'],
      ['too many per page', '?itemsPerPage=100000'],
    ])('refuses %s with a clear 400', async (_name, query) => {
      const response = await list(admin, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    });
  });
  describe('counts stop at LIST_COUNT_CAP, a search at SEARCH_COUNT_CAP, whichever way it counts', () => {
    beforeAll(async () => {
      await t.app.db.delete(logRecords);
      // 10,100 records: the newest 2,500 say "recent" (a search met often among the newest
      // records counts along the list index), one in 1,000 "rarest" and one in 30 of the others
      // "rare" (none among the newest: counted from the trigram index), all "network".
      await t.app.db.execute(sql`
        insert into log_records (timestamp, level, message, source, meta)
        select timestamp '2026-01-01' + n * interval '1 minute', 'error',
          case when n > 7600 then 'recent network error'
            when n % 1000 = 0 then 'rarest network error'
            when n % 30 = 0 then 'rare network error'
            else 'network error' end,
          'frontend',
          case when n % 2 = 0 then jsonb_build_object('user', jsonb_build_object('_id', 'u', 'fName', 'Dana'))
            else '{}'::jsonb end
        from generate_series(1, 10100) as n`);
      await t.app.db.execute(sql`analyze log_records`);
    }, 60_000);

    it.each([
      ['no filter', '', LIST_COUNT_CAP, true],
      ['a word in every record', '?txt=network', SEARCH_COUNT_CAP, true],
      ['a word in the newest quarter', '?txt=recent', SEARCH_COUNT_CAP, true],
      ['a word in one of 30 older records', '?txt=rare%20', SEARCH_COUNT_CAP, true],
      ['a rarer word', '?txt=rarest', 7, false],
      ['its opposite (no index: not a search)', '?txt=recent&exclude=true', 7_600, false],
      ['a name in half the records', '?userTxt=dana', SEARCH_COUNT_CAP, true],
      ['a word and a name', '?txt=recent&userTxt=dana', SEARCH_COUNT_CAP, true],
      ['a word under the cap and a name', '?txt=rarest&userTxt=dana', 7, false],
    ])('%s', async (_name, query, total, capped) => {
      const response = await list(admin, query);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        totalRecordCount: total,
        totalRecordCountCapped: capped,
      });
    });
  });
});
