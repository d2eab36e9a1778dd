import type { Question, Scorecard, StatusStages } from '@candid/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, id, updatedAt } from './common';
import { departments, organizations } from './organizations';
import { users } from './users';

/**
 * A question as stored inside a job or template: the Question with its wire names,
 * HTML description already sanitised. Stored as JSON, so the domain type is the column type.
 */
export type StoredQuestion = Question;

/**
 * Questions live inside the job as an ordered JSON array: they are always read and written
 * with their job, and answers reference them by their stable `id`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** The department the job belongs to (MULTI_DEPARTMENT_ORGANIZATION); null for none. */
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    location: text('location').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /**
     * Whether candidates see the description (the editor's switch); null for jobs saved before
     * it existed: shown when the description has text.
     */
    showDescription: boolean('show_description'),
    coverUrl: text('cover_url').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    companyLogoUrl: text('company_logo_url').notNull().default(''),
    isCvRequired: boolean('is_cv_required').notNull().default(false),
    isOneTry: boolean('is_one_try').notNull().default(true),
    /** A practice question before the real ones, recorded on the candidate's device only. */
    hasPractice: boolean('has_practice').notNull().default(false),
    quests: jsonb('quests').$type<StoredQuestion[]>().notNull().default([]),
    /** When the job stops taking applications; null: never. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /**
     * The candidate status page's rules for this job (status code → stage); a status left out
     * takes the domain's default (DEFAULT_STATUS_STAGES), so null means all defaults.
     */
    statusStages: jsonb('status_stages').$type<Partial<StatusStages>>(),
    /**
     * The scorecard's criteria, in order; null (jobs from before scorecards) reads as
     * the default one overall criterion.
     */
    scorecard: jsonb('scorecard').$type<Scorecard>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: archivedAt(),
  },
  (t) => [
    // Job overview (default: newest first), one partial index per archive view, so the
    // page and the count read the index alone.
    index('jobs_org_active_created_idx')
      .on(t.orgId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index('jobs_org_archived_created_idx')
      .on(t.orgId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
    // Job search (title or location, ILIKE '%…%'); the applicant search reads the title one too.
    index('jobs_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('jobs_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
    index('jobs_owner_idx').on(t.ownerId),
    // The deadline-reminder sweep: active jobs whose closing date is near.
    index('jobs_closes_at_idx')
      .on(t.closesAt)
      .where(sql`${t.closesAt} is not null and ${t.archivedAt} is null`),
    // Job overview filtered by department (active jobs, newest first).
    index('jobs_org_department_created_idx')
      .on(t.orgId, t.departmentId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * How many jobs each organisation has in each archive view, kept by triggers on `jobs`
 * (migration 0027: statement-level, from the transition tables, so a bulk insert updates each
 * organisation's row once). The job overview's page 1 and `GET job/jobCount` read their
 * unfiltered total here instead of counting the list index (10,000 entries at 10,000 jobs, on
 * every page). Nothing in the server writes it; a row is missing for an organisation that never
 * had a job (read as 0).
 */
export const jobCounts = pgTable('job_counts', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
  archived: integer('archived').notNull().default(0),
});

/**
 * The reviewers assigned to a job (docs/features.md, "Team and roles"): a reviewer sees, in every
 * list, search, count, insight, notification and realtime room, only the jobs they have a row
 * here for. The owner and recruiters see every job and have no rows. `org_id` is the job's, kept
 * so the reviewer's scope is read with one index lookup and never crosses organisations.
 */
export const jobReviewers = pgTable(
  'job_reviewers',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who assigned them (null once that account is gone). */
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    // A reviewer's scope, read on each of their requests.
    index('job_reviewers_user_idx').on(t.userId, t.jobId),
  ],
);
