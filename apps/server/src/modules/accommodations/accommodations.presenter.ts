import type { Accommodation, ExtraRetakes, ExtraTimePct } from '@candid/domain';
import type { accommodations } from '../../db/schema';

export type AccommodationRow = typeof accommodations.$inferSelect;

/** A stored request as both the candidate and the recruiter see it (who decided stays inside). */
export function toAccommodation(row: AccommodationRow): Accommodation {
  return {
    extraTimePct: row.extraTimePct as ExtraTimePct | null,
    extraRetakes: row.extraRetakes as ExtraRetakes | null,
    reason: row.reason,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}
