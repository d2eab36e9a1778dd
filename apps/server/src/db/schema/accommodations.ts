import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './common';
import { applicants } from './applicants';
import { users } from './users';

export type AccommodationStatusColumn = 'pending' | 'approved' | 'declined';

/**
 * A candidate's request for an adjustment (extra time, extra retakes or both), one per
 * applicant: asked before the first
 * answer, replaced while pending, final once decided. Owned by modules/accommodations.
 */
export const accommodations = pgTable(
  'accommodations',
  {
    id: id(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    /** Extra time in percent of each question's time limit (domain EXTRA_TIME_PCTS); null: none. */
    extraTimePct: smallint('extra_time_pct'),
    /** Extra takes of each question on a one-try job (domain EXTRA_RETAKE_COUNTS); null: none. */
    extraRetakes: smallint('extra_retakes'),
    reason: text('reason').notNull(),
    status: text('status').$type<AccommodationStatusColumn>().notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The recruiter who decided; null while pending or once their account is gone. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('accommodations_applicant_key').on(t.applicantId),
    check('accommodations_extra_time_pct_check', sql`${t.extraTimePct} in (50, 100)`),
    check('accommodations_extra_retakes_check', sql`${t.extraRetakes} in (1, 2)`),
    check(
      'accommodations_asks_something_check',
      sql`${t.extraTimePct} is not null or ${t.extraRetakes} is not null`,
    ),
    check('accommodations_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);
