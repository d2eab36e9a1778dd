import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';

/**
 * Stored objects of deleted applicants still to be removed from storage. A deletion
 * (on request, the archive's delete, or the retention sweep) writes the keys here in the same
 * transaction that deletes the applicant's rows, then removes the objects and these rows; a key
 * whose removal failed stays and is tried again by the next sweep, so no file of a deleted
 * applicant is ever forgotten. Holds storage keys only (ids, never names or e-mails).
 */
export const storagePurges = pgTable(
  'storage_purges',
  {
    id: id(),
    key: text('key').notNull(),
    /** The multipart upload to abort first (an upload still in progress), or null. */
    uploadId: text('upload_id'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When the removal may be tried again (after a failure). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_purges_due_idx').on(t.dueAt)],
);
