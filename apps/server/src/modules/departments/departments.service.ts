import { VALIDATION_KEYS, type Department } from '@candid/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { departments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { forgetJobCounts } from '../jobs/job-counts';

export type DepartmentRow = typeof departments.$inferSelect;

/** A department row as the API returns it, with its job count. */
export function toDepartmentDto(row: DepartmentRow, jobCount: number): Department {
  return { _id: row.id, name: row.name, jobCount };
}

/** A department by id, whatever its organisation (the policies judge that); null when none. */
export async function findDepartment(db: Db | DbTx, id: string): Promise<DepartmentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row ?? null;
}

/** The organisation's departments by name. */
export async function listDepartments(db: Db, orgId: string): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.orgId, orgId))
    .orderBy(asc(departments.name), asc(departments.id));
}

/** A name is used once per organisation (VALIDATION_ERR on `name` otherwise). */
function nameTaken(): AppError {
  return new AppError('VALIDATION_ERR', {
    message: 'This organisation already has a department by that name',
    issues: [{ path: 'name', message: VALIDATION_KEYS.DUPLICATE_DEPARTMENT_VALIDATE }],
  });
}

export async function createDepartment(
  db: Db,
  orgId: string,
  name: string,
  now: Date,
): Promise<DepartmentRow> {
  try {
    const [row] = await db
      .insert(departments)
      .values({ orgId, name, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function renameDepartment(
  db: Db,
  row: DepartmentRow,
  name: string,
  now: Date,
): Promise<DepartmentRow> {
  const [other] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(eq(departments.orgId, row.orgId), eq(departments.name, name), ne(departments.id, row.id)),
    );
  if (other) throw nameTaken();
  try {
    const [updated] = await db
      .update(departments)
      .set({ name, updatedAt: now })
      .where(eq(departments.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND_ERR');
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a department; its jobs stay, without a department (the foreign key sets null). */
export async function deleteDepartment(db: Db, row: DepartmentRow): Promise<void> {
  await db.delete(departments).where(eq(departments.id, row.id));
  // The job overview's counts per department (known to be past their cap) are read again.
  forgetJobCounts(row.orgId);
}
