import {
  SEARCH_COUNT_CAP,
  SEARCH_WALK_ROWS,
  type ApplicantCountResponse,
  type ApplicantListResponse,
} from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type SignedUp } from './factories';
import { recruiter } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * A text search of the applicant overview first tests the newest entries of the list index (a
 * fifth of SEARCH_WALK_ROWS, then all of them when the word is met often enough), then (for a
 * rarer word) reads the trigram index (review.query matchesCtes). Every way a page can be
 * answered (from the walk's matches, walking on past them, sorting every match) must list
 * exactly the matches, in the list's order, as numbered and as keyset pages, with the capped
 * count. The organisation holds SEARCH_WALK_ROWS + 500 applicants:
 * - "quinn": 1 in 25 of the newest SEARCH_WALK_ROWS (dense: it reaches the cap in the walk);
 * - "yonit": 1 in 200 of them (50: under the cap; the first page from the longer walk, the
 *   second from every match sorted);
 * - "zelda": 240 older than all of those (20 at the walk's end, more than the cap in all);
 * - "ruth": 20 in the walk and 200 older (the first page already runs past the walk's);
 * - "cora": 1 in 60 of the newest (about 33 in the first walk's 2,000: the longer second walk)
 *   and 60 older: 167 in the newest SEARCH_WALK_ROWS, so the cap is reached past them.
 */
describe.each(testDbKinds())('a text search walks the newest list entries first (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let as: ReturnType<typeof recruiter>;
  const expected = new Map<string, string[]>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createAccount(t.app, { perm: 999 });
    as = recruiter(t.app, owner);
    const orgId = owner.user.companyId!;
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title, location)
      values (${orgId}, ${owner.user._id}, 'Engineer', 'Haifa')`);
    // The newest: submitted in the last SEARCH_WALK_ROWS minutes; every 500th not submitted
    // (they sort after every submitted one, so some of the walk lies after the older rows).
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, l_name, email, opened_at, submitted_at,
        created_at)
      select ${orgId}, j.id,
        case when n % 200 = 0 then 'Yonit' when n % 25 = 0 then 'Quinn'
          when n % 500 = 1 then 'Ruth' when n % 60 = 7 then 'Cora' else 'Filler' end,
        'Person', 'p' || n || '@example.com', now() - n * interval '1 minute',
        case when n % 500 <> 7 then now() - n * interval '1 minute' end,
        now() - n * interval '1 minute'
      from generate_series(1, ${SEARCH_WALK_ROWS}) as n,
        (select id from jobs where org_id = ${orgId}) j`);
    // Older than all of them: 240 "Zelda", 200 "Ruth" and 60 "Cora", a year back.
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, l_name, email, opened_at, submitted_at,
        created_at)
      select ${orgId}, j.id,
        case when n <= 240 then 'Zelda' when n <= 440 then 'Ruth' else 'Cora' end, 'Older',
        'o' || n || '@example.com', now() - interval '1 year' - n * interval '1 minute',
        now() - interval '1 year' - n * interval '1 minute',
        now() - interval '1 year' - n * interval '1 minute'
      from generate_series(1, 500) as n, (select id from jobs where org_id = ${orgId}) j`);
    await t.app.db.execute(sql`analyze applicants`);
    for (const word of ['quinn', 'yonit', 'zelda', 'ruth', 'cora', 'nobody']) {
      // The reference: every match, in the default order, read without any index trick.
      const result = (await t.app.db.execute(sql`
        select id from applicants
        where org_id = ${orgId} and archived_at is null
          and lower(f_name || ' ' || l_name || ' ' || email) like ${`%${word}%`}
        order by submitted_at desc nulls last, created_at desc, id desc`)) as unknown as {
        rows: { id: string }[];
      };
      expected.set(
        word,
        result.rows.map((row) => row.id),
      );
    }
    expect(expected.get('quinn')!.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(expected.get('yonit')).toHaveLength(50);
    expect(expected.get('zelda')).toHaveLength(240);
    expect(expected.get('ruth')).toHaveLength(220);
    expect(expected.get('cora')).toHaveLength(227); // 167 + 60
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  async function list(query: string): Promise<ApplicantListResponse> {
    const response = await as('GET', `/api/job/applicant?${query}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json() as ApplicantListResponse;
  }

  it.each(['quinn', 'yonit', 'zelda', 'ruth', 'cora', 'nobody'])(
    '"%s": the capped count, and numbered pages holding exactly the matches in order',
    async (word) => {
      const all = expected.get(word)!;
      const count = (
        await as('GET', `/api/job/applicantCount?txt=${word}`)
      ).json() as ApplicantCountResponse;
      expect(count).toMatchObject({
        filteredApplicantCount: Math.min(all.length, SEARCH_COUNT_CAP),
        filteredApplicantCountCapped: all.length > SEARCH_COUNT_CAP,
      });
      const perPage = 30;
      const first = await list(`txt=${word}&itemsPerPage=${perPage}`);
      expect(first.filteredApplicantCount).toBe(count.filteredApplicantCount);
      expect(first.filteredApplicantCountCapped).toBe(count.filteredApplicantCountCapped);
      // Every page up to one past the matches (and past the cap where there are more).
      const pages = Math.ceil(all.length / perPage) + 1;
      for (let currPage = 1; currPage <= pages; currPage += 1) {
        const body = await list(`txt=${word}&itemsPerPage=${perPage}&currPage=${currPage}`);
        expect(
          body.applicants.map((item) => item.id),
          `${word} page ${currPage}`,
        ).toEqual(all.slice((currPage - 1) * perPage, currPage * perPage));
      }
    },
    60_000,
  );

  it.each(['quinn', 'yonit', 'zelda', 'ruth', 'cora'])(
    '"%s": keyset pages list every match in order',
    async (word) => {
      const scrolled: string[] = [];
      let cursor: string | null | undefined = null;
      do {
        const body: ApplicantListResponse = await list(
          `txt=${word}&itemsPerPage=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        scrolled.push(...body.applicants.map((item) => item.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(scrolled).toEqual(expected.get(word));
    },
    60_000,
  );

  it('the archive view and a job-scoped search count from the trigram index alone', async () => {
    const orgId = owner.user.companyId!;
    const [job] = (
      (await t.app.db.execute(sql`select id from jobs where org_id = ${orgId}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const scoped = await list(`txt=yonit&jobId=${job!.id}&itemsPerPage=100`);
    expect(scoped.applicants.map((item) => item.id)).toEqual(expected.get('yonit'));
    expect(scoped.filteredApplicantCount).toBe(50);
    const archived = await list('txt=yonit&showArchived=true');
    expect(archived).toMatchObject({ filteredApplicantCount: 0, applicants: [] });
  });

  it('a search is case-insensitive and matches the email, and a LIKE wildcard is literal', async () => {
    const upper = await list('txt=YONIT&itemsPerPage=100');
    expect(upper.applicants.map((item) => item.id)).toEqual(expected.get('yonit'));
    const email = await list('txt=p200%40example&itemsPerPage=5');
    expect(email.applicants.map((item) => item.info.fName)).toEqual(['Yonit']);
    expect((await list('txt=yon_t')).filteredApplicantCount).toBe(0);
    expect((await list('txt=%25')).filteredApplicantCount).toBe(0);
  });
});
