import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './common';
import { applicants } from './applicants';

export type MediaCheckOutcomeColumn = 'passed' | 'faceSkipped';

/**
 * How the candidate's device check ended, one row per applicant (docs/features.md, "The device
 * check"): passed, or the face check skipped after failing (with the reason and the number of
 * failed tries). A later report (the check run again before the interview) replaces it.
 * Owned by modules/media-checks.
 */
export const mediaChecks = pgTable(
  'media_checks',
  {
    id: id(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<MediaCheckOutcomeColumn>().notNull(),
    /** Why the face check was skipped (domain FACE_CHECK_SKIP_REASONS); null when it passed. */
    reason: text('reason').$type<'NOT_RECOGNIZED'>(),
    /** Failed face checks before it was skipped; 0 when it passed. */
    faceTries: smallint('face_tries').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('media_checks_applicant_key').on(t.applicantId),
    check('media_checks_outcome_check', sql`${t.outcome} in ('passed', 'faceSkipped')`),
    check(
      'media_checks_reason_check',
      sql`(${t.outcome} = 'passed' and ${t.reason} is null) or (${t.outcome} = 'faceSkipped' and ${t.reason} = 'NOT_RECOGNIZED')`,
    ),
  ],
);
