import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './test-db';

/**
 * insight_department_days when a counted applicant change and a move of its job race in two
 * transactions (PostgreSQL: PGlite has one connection). The applicant trigger locks the job
 * (FOR SHARE) before reading its department, so whichever commits first, the figures end in
 * the department the job is left in. Without the lock the move would carry the job's figures
 * as committed before the change, and the change's own would stay in the old department.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('department insights under races', () => {
  let database: DatabaseHandle & { url?: string };
  let first: pg.Client;
  let second: pg.Client;
  const ids = { job: '', from: '', to: '' };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    first = new pg.Client({ connectionString: database.url });
    second = new pg.Client({ connectionString: database.url });
    await first.connect();
    await second.connect();
    const { rows } = await first.query<{ job: string; from: string; to: string }>(`
      with o as (insert into organizations (name) values ('Race') returning id),
        u as (insert into users (org_id, f_name, l_name, email)
          select id, 'Dana', 'Levi', 'race@example.com' from o returning id, org_id),
        d as (insert into departments (org_id, name)
          select o.id, n from o, (values ('From'), ('To')) as v(n) returning id, name),
        j as (insert into jobs (org_id, owner_id, department_id, title)
          select u.org_id, u.id, d.id, 'Raced' from u, d where d.name = 'From' returning id)
      select (select id from j) as job, (select id from d where name = 'From') as from,
        (select id from d where name = 'To') as to`);
    Object.assign(ids, rows[0]);
    await first.query(
      `insert into applicants (org_id, job_id, f_name, opened_at, started_at)
       select org_id, id, 'Candidate ' || n, timestamptz '2026-01-05 09:00Z',
         timestamptz '2026-01-05 09:00Z'
       from jobs, generate_series(1, 5) as n where id = $1`,
      [ids.job],
    );
  }, 60_000);

  afterAll(async () => {
    await first?.end();
    await second?.end();
    await database?.close();
  });

  /** Kept department rows that differ from the applicants' own figures. */
  async function differences() {
    const { rows } = await first.query(`
      select coalesce(r.k, k.k) as k, coalesce(r.day, k.day)::text as day,
        coalesce(r.metric, k.metric) as metric, r.n as real, k.n as kept
      from (select j.department_id as k, c.day, c.metric, count(*)::int as n
          from applicants a join jobs j on j.id = a.job_id
            cross join lateral insight_contributions(a) as c
          where j.department_id is not null group by 1, 2, 3) as r
        full join (select department_id as k, day, metric, n from insight_department_days
          where n <> 0) as k on k.k = r.k and k.day = r.day and k.metric = r.metric
      where r.n is distinct from k.n`);
    return rows;
  }

  /** Whether `query` is still waiting after a moment (a lock held by the other transaction). */
  async function stillWaiting(query: Promise<unknown>): Promise<boolean> {
    const pending = Symbol('pending');
    const settled = await Promise.race([
      query.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve(pending), 300)),
    ]);
    return settled === pending;
  }

  it('a change first: the move waits for it, then carries its figures too', async () => {
    await first.query('begin');
    await first.query(
      `update applicants set submitted_at = started_at + interval '20 minutes'
      where job_id = $1 and f_name in ('Candidate 1', 'Candidate 2')`,
      [ids.job],
    );
    await second.query('begin');
    const move = second.query('update jobs set department_id = $1 where id = $2', [
      ids.to,
      ids.job,
    ]);
    expect(await stillWaiting(move)).toBe(true);
    await first.query('commit');
    await move;
    await second.query('commit');
    expect(await differences()).toEqual([]);
  });

  it('a move first: the change waits for it, then counts in the new department', async () => {
    await second.query('begin');
    await second.query('update jobs set department_id = $1 where id = $2', [ids.from, ids.job]);
    await first.query('begin');
    const change = first.query(
      `update applicants set quited_at = started_at + interval '5 minutes'
       where job_id = $1 and f_name = 'Candidate 3'`,
      [ids.job],
    );
    expect(await stillWaiting(change)).toBe(true);
    await second.query('commit');
    await change;
    await first.query('commit');
    expect(await differences()).toEqual([]);
    const { rows } = await first.query<{ department_id: string; n: number }>(
      `select department_id, sum(n)::int as n from insight_department_days
       where metric = 4 group by 1 having sum(n) <> 0`,
    );
    expect(rows).toEqual([{ department_id: ids.from, n: 5 }]);
  });
});
