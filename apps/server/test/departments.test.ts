import {
  PLANS,
  type Department,
  type DepartmentListResponse,
  type Job,
  type JobListResponse,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, users } from '../src/db/schema';
import { bearer, signUp, type SignedUp } from './factories';
import { createInterviewJob } from './interview-helpers';
import { accountWith } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds())('departments on %s', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let basic: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, { fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Mia' });
    basic = await signUp(t.app, { fName: 'Basil' });
    await t.app.db.update(users).set({ perm: PLANS.BASIC }).where(eq(users.id, basic.user._id));
    stranger = await signUp(t.app, { fName: 'Stan' });
    admin = await accountWith(t.app, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const call = (
    who: SignedUp | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function addDepartment(name: string): Promise<Department> {
    const response = await call(owner, 'POST', '/api/department', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Department;
  }

  const listJobs = async (who: SignedUp, query: string) =>
    (await call(who, 'GET', `/api/job?${query}`)).json() as JobListResponse;

  it('lets the owner add, rename and delete departments; names are unique per organisation', async () => {
    const sales = await addDepartment('  Sales ');
    expect(sales).toMatchObject({ name: 'Sales', jobCount: 0 });
    const duplicate = await call(owner, 'POST', '/api/department', { name: 'Sales' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      key: 'VALIDATION_ERR',
      issues: [{ path: 'name', message: 'validation.DUPLICATE_DEPARTMENT_VALIDATE' }],
    });
    // Another organisation may use the same name.
    const other = await call(stranger, 'POST', '/api/department', { name: 'Sales' });
    expect(other.statusCode).toBe(201);

    const renamed = await call(owner, 'PUT', `/api/department/${sales._id}`, { name: 'Sales EU' });
    expect(renamed.json()).toMatchObject({ _id: sales._id, name: 'Sales EU' });
    const removed = await call(owner, 'DELETE', `/api/department/${sales._id}`);
    expect(removed.statusCode).toBe(200);
    const list = (await call(owner, 'GET', '/api/department')).json() as DepartmentListResponse;
    expect(list.departments.map((d) => d.name)).not.toContain('Sales EU');
    const logged = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.target, 'department'));
    expect(logged.map((a) => a.type)).toEqual(
      expect.arrayContaining(['create', 'update', 'remove']),
    );
  });

  it("an admin viewing as the owner adds, renames and deletes the owner's departments", async () => {
    const asOwner = `?viewAsId=${owner.user._id}`;
    const created = await call(admin, 'POST', `/api/department${asOwner}`, { name: 'Legal' });
    expect(created.statusCode, created.body).toBe(201);
    const legal = created.json() as Department;
    const owners = (await call(owner, 'GET', '/api/department')).json() as DepartmentListResponse;
    expect(owners.departments.map((d) => d.name)).toContain('Legal');
    const admins = (await call(admin, 'GET', '/api/department')).json() as DepartmentListResponse;
    expect(admins.departments.map((d) => d._id)).not.toContain(legal._id);

    const renamed = await call(admin, 'PUT', `/api/department/${legal._id}${asOwner}`, {
      name: 'Legal and compliance',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const logged = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.userId, admin.user._id));
    expect(logged.filter((a) => a.target === 'department').map((a) => a.meta)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ departmentId: legal._id, viewAsId: owner.user._id }),
      ]),
    );
    const deleted = await call(admin, 'DELETE', `/api/department/${legal._id}${asOwner}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('puts jobs in a department and filters the job overview by it', async () => {
    const design = await addDepartment('Design');
    const inDesign = await createInterviewJob(t.app, owner, ['video']);
    const elsewhere = await createInterviewJob(t.app, member, ['video']);
    // A member assigns a department too.
    const saved = await call(member, 'PUT', '/api/job', {
      jobs: [{ ...inDesign, departmentId: design._id }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { jobs: Job[] }).jobs[0]?.departmentId).toBe(design._id);
    // A save without the field keeps the department.
    const kept = await call(owner, 'PUT', '/api/job', {
      jobs: [{ ...inDesign, departmentId: undefined, info: { ...inDesign.info, title: 'Kept' } }],
    });
    expect((kept.json() as { jobs: Job[] }).jobs[0]?.departmentId).toBe(design._id);

    const filtered = await listJobs(owner, `departmentId=${design._id}`);
    expect(filtered.jobs.map((j) => j._id)).toEqual([inDesign._id]);
    expect(filtered.totalJobCount).toBeGreaterThanOrEqual(2);
    const none = await listJobs(member, 'departmentId=none');
    expect(none.jobs.map((j) => j._id)).toContain(elsewhere._id);
    expect(none.jobs.map((j) => j._id)).not.toContain(inDesign._id);
    const count = await call(owner, 'GET', `/api/job/jobCount?departmentId=${design._id}`);
    expect(count.json()).toMatchObject({ jobCount: 1 });
    const departments = (
      await call(member, 'GET', '/api/department')
    ).json() as DepartmentListResponse;
    expect(departments.departments.find((d) => d._id === design._id)?.jobCount).toBe(1);

    // Deleting the department keeps its job, without a department.
    await call(owner, 'DELETE', `/api/department/${design._id}`);
    const job = (await call(owner, 'GET', `/api/job/${inDesign._id}`)).json() as Job;
    expect(job.departmentId).toBeNull();
  });

  it("refuses another organisation's department on a job, and departments without the permission", async () => {
    const theirs = (
      await call(stranger, 'POST', '/api/department', { name: 'Theirs' })
    ).json() as Department;
    const job = await createInterviewJob(t.app, owner, ['video']);
    const foreign = await call(owner, 'PUT', '/api/job', {
      jobs: [{ ...job, departmentId: theirs._id }],
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(owner, 'PUT', '/api/job', {
      jobs: [{ ...job, departmentId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.statusCode).toBe(404);

    expect((await call(basic, 'GET', '/api/department')).statusCode).toBe(403);
    expect((await call(basic, 'POST', '/api/department', { name: 'X' })).statusCode).toBe(403);
    // A member uses departments but does not manage them.
    expect((await call(member, 'POST', '/api/department', { name: 'X' })).statusCode).toBe(403);
    for (const who of [owner, member, admin]) {
      const rename = await call(who, 'PUT', `/api/department/${theirs._id}`, { name: 'Mine' });
      expect([403, 404], `${who.user.fName}: ${rename.body}`).toContain(rename.statusCode);
      const remove = await call(who, 'DELETE', `/api/department/${theirs._id}`);
      expect([403, 404]).toContain(remove.statusCode);
    }
    const mine = (await call(owner, 'GET', '/api/department')).json() as DepartmentListResponse;
    expect(mine.departments.map((d) => d._id)).not.toContain(theirs._id);
    expect((await call(null, 'GET', '/api/department')).statusCode).toBe(401);
  });
});
