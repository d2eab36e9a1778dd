import type { MediaCheckResult } from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaChecks } from '../../db/schema';

export type MediaCheckRow = typeof mediaChecks.$inferSelect;

/** A stored outcome as the candidate and the recruiter see it. */
export function toMediaCheckResult(row: MediaCheckRow): MediaCheckResult {
  return {
    outcome: row.outcome,
    reason: row.reason ?? null,
    faceTries: row.faceTries,
    checkedAt: row.checkedAt.toISOString(),
  };
}

/**
 * The applicant's device check outcome as the wire shows it, or null when none was reported.
 * Kept apart from the service (like accommodations.lookups.ts) so that the review details and
 * the data export read it without importing candidate code.
 */
export async function getMediaCheck(db: Db, applicantId: string): Promise<MediaCheckResult | null> {
  const [row] = await db.select().from(mediaChecks).where(eq(mediaChecks.applicantId, applicantId));
  return row ? toMediaCheckResult(row) : null;
}
