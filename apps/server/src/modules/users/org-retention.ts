import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organisation's data retention period, kept on its row. */

/** The period in months, or null when retention is off (also for an unknown organisation). */
export async function getOrgRetentionMonths(db: Db | DbTx, orgId: string): Promise<number | null> {
  const [row] = await db
    .select({ months: organizations.retentionMonths })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.months ?? null;
}

/** Sets the period (null: off); returns the one it replaced. */
export async function setOrgRetentionMonths(
  tx: DbTx,
  orgId: string,
  months: number | null,
  now: Date,
): Promise<number | null> {
  const [before] = await tx
    .select({ months: organizations.retentionMonths })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  await tx
    .update(organizations)
    .set({ retentionMonths: months, updatedAt: now })
    .where(eq(organizations.id, orgId));
  return before?.months ?? null;
}

/** Every organisation with a retention period, for the daily sweep. */
export async function listOrgsWithRetention(
  db: Db,
): Promise<{ orgId: string; retentionMonths: number }[]> {
  const rows = await db
    .select({ orgId: organizations.id, retentionMonths: organizations.retentionMonths })
    .from(organizations)
    .where(isNotNull(organizations.retentionMonths))
    .orderBy(asc(organizations.id));
  return rows.map((row) => ({ orgId: row.orgId, retentionMonths: row.retentionMonths! }));
}
