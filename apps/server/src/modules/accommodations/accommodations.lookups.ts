import type { Accommodation } from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accommodations } from '../../db/schema';
import { toAccommodation, type AccommodationRow } from './accommodations.presenter';

/**
 * Reads of the `accommodations` table other modules need (the interview's answer check, the
 * review details), kept apart from the service so that they import no candidate or review code.
 */

/** The applicant's request as stored, or null. */
export async function findAccommodationRow(
  db: Db,
  applicantId: string,
): Promise<AccommodationRow | null> {
  const [row] = await db
    .select()
    .from(accommodations)
    .where(eq(accommodations.applicantId, applicantId));
  return row ?? null;
}

/** The applicant's request as the wire shows it, or null when none was asked for. */
export async function getAccommodation(db: Db, applicantId: string): Promise<Accommodation | null> {
  const row = await findAccommodationRow(db, applicantId);
  return row ? toAccommodation(row) : null;
}
