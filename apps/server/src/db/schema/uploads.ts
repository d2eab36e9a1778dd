import {
  bigint,
  doublePrecision,
  index,
  pgTable,
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
     * Length in seconds of a completed recording, as read when its webm Duration was written;
     * null for other files, mp4 recordings and files whose length could not be read.
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
