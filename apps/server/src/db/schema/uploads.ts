import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import { applicants } from './applicants';
import { organizations } from './organizations';

export type UploadStatus = 'started' | 'completed' | 'aborted';

/**
 * Every object the product stores through the storage adapter, with its multipart upload id
 * while it is being uploaded, so an interrupted upload can be resumed (list parts) or cleaned up.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id').references(() => applicants.id, { onDelete: 'cascade' }),
    /** What the object is: face/screen recording, cv, answer image, avatar, logo, cover. */
    kind: text('kind').notNull(),
    questionId: text('question_id'),
    key: text('key').notNull(),
    uploadId: text('upload_id'),
    contentType: text('content_type').notNull(),
    status: text('status').$type<UploadStatus>().notNull().default('started'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /**
     * Length in seconds of a completed recording, as read when its webm Duration was written or
     * from its mp4 boxes; null for other files and recordings whose length could not be read.
     */
    durationSec: doublePrecision('duration_sec'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_key_key').on(t.key),
    index('uploads_applicant_idx').on(t.applicantId),
    index('uploads_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * How many takes of each recorded question an applicant started, per kind (a screen
 * question's take records the camera and the screen, one upload each). Counted when an upload
 * of a new take begins in any path (tus creation, a multipart start that is not a resume, a
 * single-PUT signature) and never lowered: a discarded take's upload row and object go, its
 * count stays. On a one-try job a take beyond 1 + the approved extra retakes is refused.
 * Owned by modules/interview-uploads.
 */
export const recordingTakes = pgTable(
  'recording_takes',
  {
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    /** `face` or `screen`. */
    kind: text('kind').notNull(),
    takes: integer('takes').notNull(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicantId, t.questionId, t.kind] }),
    check('recording_takes_takes_check', sql`${t.takes} > 0`),
  ],
);
