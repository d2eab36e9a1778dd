import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './common';
import { organizations } from './organizations';
import { users } from './users';

/** Error and log records from the web app and the server (Log record). */
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
    /**
     * The message lower-cased, for the overview's text search (`txt`): searched with `LIKE
     * lower(pattern)` through a trigram index, which is what ILIKE on the message does without
     * lower-casing every row it tests. Measured at 1 M records (see docs/performance.md, "Lists at 1 M
     * applicants"): the trigram index serves both forms alike, but a frequent word's page and
     * count, and `exclude`, test rows one by one along the list index, and there LIKE on this
     * column took 40 % of ILIKE's time (7.8 against 17.5 ms for 10,001 matches of "failed").
     */
    messageLower: text('message_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(message)`),
    /**
     * What the overview's user filter (`userTxt`) reads: who was using the product, as the
     * meta holds it, lower-cased, one field per part, parts separated by a unit separator
     * (chr 31) so a search never matches across two of them: the user's "first last" name,
     * email, company and id, the applicant's id, "first last" name and email. A name part
     * holds the first and the last name as well, so the filter matches what it matched on
     * the separate fields and on their concatenation. Searched with `LIKE lower(pattern)`
     * (what ILIKE does) through a trigram index. `coalesce(a || ' ' || b, a, b)` is
     * `concat_ws(' ', a, b)`, which a generated column cannot use (it is not immutable).
     */
    userText: text('user_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `lower(${[
            "coalesce((meta #>> '{user,fName}') || ' ' || (meta #>> '{user,lName}'), meta #>> '{user,fName}', meta #>> '{user,lName}', '')",
            "coalesce(meta #>> '{user,email}', '')",
            "coalesce(meta #>> '{user,companyName}', '')",
            "coalesce(meta #>> '{user,_id}', '')",
            "coalesce(meta #>> '{applicant,id}', '')",
            "coalesce((meta #>> '{applicant,info,fName}') || ' ' || (meta #>> '{applicant,info,lName}'), meta #>> '{applicant,info,fName}', meta #>> '{applicant,info,lName}', '')",
            "coalesce(meta #>> '{applicant,info,email}', '')",
          ].join(' || chr(31) || ')})`,
        ),
      ),
  },
  (t) => [
    // Record overview: newest first (timestamp, then id), filtered by level, source, status
    // code, trace id and dates. The id in each lets a page pick its ids from the index alone
    // (deferred join) and needs no sort of equal timestamps.
    // Nulls first, as `order by … desc` sorts them: an index ordered "desc nulls last" (drizzle's
    // `.desc()`) cannot serve it, even on a not-null column, and the overview sorted the whole
    // table for every page.
    index('log_records_timestamp_id_idx').on(
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_records_level_timestamp_idx').on(
      t.level,
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_records_source_timestamp_idx').on(
      t.source,
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_records_status_timestamp_idx')
      .on(t.statusCode, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.statusCode} is not null`),
    index('log_records_trace_idx').on(t.traceId),
    // Text search (txt) and the user filter (userTxt): pg_trgm, see listRecords.
    index('log_records_message_trgm_idx').using('gin', t.messageLower.op('gin_trgm_ops')),
    index('log_records_user_text_trgm_idx').using('gin', t.userText.op('gin_trgm_ops')),
  ],
);

/** What users and guests did (Activity); the admin activity overview reads it. */
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
    // Deleting an applicant blanks the descriptions of its activities, which name
    // the candidate: found by the applicant id in the meta.
    index('activities_applicant_idx')
      .on(sql`(${t.meta} ->> 'applicantId')`)
      .where(sql`${t.meta} ? 'applicantId'`),
  ],
);
