import { ACCOUNT_SORT_FIELDS, type AccountListResponse } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './factories';
import { recruiter } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * The admin account overview answers what plain SQL over the users answers: a search finds
 * exactly the users whose first name, last name, "first last", email or company name contains
 * the text (case-insensitive, `%` and `_` literal), and every sort, read page by page, gives the
 * users in its column's order (never logged in last both ways; ties by id in the sort's
 * direction), with interviews counted from the applicants themselves.
 */
describe.each(testDbKinds())('the account overview (%s)', (kind) => {
  let t: TestApp;
  let as: ReturnType<typeof recruiter>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    as = recruiter(t.app, await createAccount(t.app, { role: 'admin', fName: 'Ada' }));
    // 120 users with many ties (names, plans, roles, companies, login times, interviews),
    // some never logged in, and texts for the search's edge cases.
    await t.app.db.execute(sql`
      insert into users (org_id, f_name, l_name, email, company_name, role, perm, last_login)
      select (select org_id from users limit 1),
        (array['Noa','noa','Dana','Émile','50%_off'])[1 + n % 5],
        (array['Test','Cohen','levi'])[1 + n % 3],
        'list' || n || '@' || (array['Example.com','corp.io'])[1 + n % 2],
        (array['Acme','','Acme Ltd','Noa Te'])[1 + n % 4],
        case when n % 10 = 0 then 'admin' else 'user' end, (array[0,1,999])[1 + n % 3],
        case when n % 4 <> 0 then timestamptz '2024-01-01' + (n % 7) * interval '1 day' end
      from generate_series(1, 120) as n`);
    // Interviews: applicants of jobs owned by some of them (ties too).
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title)
      select org_id, id, 'Job' from users where email like 'list%' and right(split_part(email, '@', 1), 1) in ('1', '2', '3')`);
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name)
      select j.org_id, j.id, 'A' from jobs j, generate_series(1, 4) as g
      where g <= 1 + (select count(*) from users u where u.id = j.owner_id and u.perm = 999)
        + length(j.owner_id::text) % 2`);
  }, 60_000);
  afterAll(() => t?.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** Every account the list gives, page after page. */
  async function listAll(query: string): Promise<AccountListResponse['accounts']> {
    const all: AccountListResponse['accounts'] = [];
    for (let page = 1; ; page += 1) {
      const reply = await as('GET', `/api/user/query?${query}&itemsPerPage=17&currPage=${page}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json() as AccountListResponse;
      all.push(...body.accounts);
      if (page >= body.pageCount) {
        expect(all.length).toBe(body.filteredAccountCount);
        return all;
      }
    }
  }

  const REFERENCE_COLUMNS: Record<(typeof ACCOUNT_SORT_FIELDS)[number], string> = {
    fName: 'u.f_name',
    lName: 'u.l_name',
    email: 'u.email',
    lastLogin: 'u.last_login',
    interviewCount: `(select count(*) from applicants a join jobs j on j.id = a.job_id
      where j.owner_id = u.id)`,
    perm: 'u.perm',
    role: 'u.role',
    companyName: 'u.company_name',
  };

  it.each(ACCOUNT_SORT_FIELDS.flatMap((field) => [`${field}:asc`, `${field}:desc`]))(
    'sort %s gives every user in the reference order',
    async (sort) => {
      const [field, order] = sort.split(':') as [keyof typeof REFERENCE_COLUMNS, string];
      const expected = await rows<{ id: string; interviews: number }>(
        sql.raw(`select u.id, ${REFERENCE_COLUMNS.interviewCount}::int as interviews from users u
          order by ${REFERENCE_COLUMNS[field]} ${order} nulls last, u.id ${order}`),
      );
      const listed = await listAll(`sort=${sort}`);
      expect(listed.map((account) => account._id)).toEqual(expected.map((row) => row.id));
      expect(listed.map((account) => account.interviewCount)).toEqual(
        expected.map((row) => Number(row.interviews)),
      );
    },
  );

  it.each([
    'noa',
    'NOA TE',
    'noa test',
    'cohen',
    'EXAMPLE',
    'acme l',
    '50%_',
    '%',
    '_o',
    'é',
    'test list',
  ])('search %j finds what ILIKE on each field finds', async (txt) => {
    const pattern = `%${txt.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const expected = await rows<{ id: string }>(sql`
        select id from users
        where f_name ilike ${pattern} or l_name ilike ${pattern} or email ilike ${pattern}
          or company_name ilike ${pattern} or f_name || ' ' || l_name ilike ${pattern}
        order by email`);
    const listed = await listAll(`txt=${encodeURIComponent(txt)}&sort=email:asc`);
    expect(listed.map((account) => account._id)).toEqual(expected.map((row) => row.id));
  });
});
