import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './common';
import { organizations } from './organizations';
import { users } from './users';

/** Error and log records from the web app and the server (spec §3 Log record). */
export const logRecords = pgTable(
  'log_records',
  {
    id: id(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    /** 'frontend' or 'backend'. */
    source: text('source').notNull(),
    traceId: text('trace_id'),
    statusCode: integer('status_code'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    applicantId: uuid('applicant_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // Record overview: newest first, filtered by level, source, trace id and dates.
    index('log_records_timestamp_idx').on(t.timestamp.desc()),
    index('log_records_level_timestamp_idx').on(t.level, t.timestamp.desc()),
    index('log_records_source_timestamp_idx').on(t.source, t.timestamp.desc()),
    index('log_records_trace_idx').on(t.traceId),
  ],
);

/** What users and guests did (spec §3 Activity); the admin activity overview reads it. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    type: text('type').notNull(),
    target: text('target').notNull(),
    description: text('description').notNull().default(''),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The organisation acted in. An audit trail outlives what it describes: deleting the
     * organisation (its last account) keeps its activities, with no organisation.
     */
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** Null for a guest (a candidate). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('activities_date_idx').on(t.date),
    index('activities_user_date_idx').on(t.userId, t.date),
    // Deleting an applicant (issue 15) blanks the descriptions of its activities, which name
    // the candidate: found by the applicant id in the meta.
    index('activities_applicant_idx')
      .on(sql`(${t.meta} ->> 'applicantId')`)
      .where(sql`${t.meta} ? 'applicantId'`),
  ],
);
