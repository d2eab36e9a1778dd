import { LIST_COUNT_CAP, SEARCH_COUNT_CAP, type RecordListResponse } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logRecords } from '../src/db/schema';
import type { SignedUp } from './factories';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { recordsSuite } from './records-suite';

describe.each(testDbKinds())('records on %s: filters and capped counts', (kind) => {
  const suite = recordsSuite(kind);
  const { list } = suite;
  let t: TestApp;
  let admin: SignedUp;
  beforeAll(() => {
    ({ t, admin } = suite.state);
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
