import type { MiniUser } from '@candid/domain';
import { eq, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * What other modules may read of the users table inside their own statements: the Mini user
 * columns (`Mini user`) of a row's owner. The users module owns the table; jobs and
 * templates join their rows' owners through these pieces instead of importing the table.
 */

/** The Mini user columns, selected from the joined owner. */
export const miniUserColumns = {
  id: users.id,
  fName: users.fName,
  lName: users.lName,
  orgId: users.orgId,
  imgUrl: users.imgUrl,
  email: users.email,
};

/** The owner's first name alone (template cards show only it). */
export const ownerFirstNameColumn = users.fName;

/** The users table and the condition joining a row's `ownerId` column to its owner. */
export function ownerJoin(ownerIdColumn: AnyPgColumn): [typeof users, SQL] {
  return [users, eq(users.id, ownerIdColumn)];
}

/**
 * A second, aliased copy of the users table for a statement that joins two users to one row
 * (the activity log: who acted, and whom an admin was viewing as), with its Mini user columns.
 */
export function aliasedUsers(name: string) {
  const table = alias(users, name);
  return {
    table,
    id: table.id,
    columns: {
      id: table.id,
      fName: table.fName,
      lName: table.lName,
      orgId: table.orgId,
      imgUrl: table.imgUrl,
      email: table.email,
    },
  };
}

/** A user's columns as `miniUserColumns` reads them (a job's owner, a note's author, a rater). */
export interface MiniUserRow {
  id: string;
  fName: string;
  lName: string;
  orgId: string;
  imgUrl: string;
  email: string;
}

/** The mini user the API shows beside a job, note or rating (wire names). */
export function toMiniUser(row: MiniUserRow): MiniUser {
  return {
    _id: row.id,
    fName: row.fName,
    lName: row.lName,
    companyId: row.orgId,
    imgUrl: row.imgUrl || null,
    email: row.email,
  };
}
