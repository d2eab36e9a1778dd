import { date, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { departments, organizations } from './organizations';

/**
 * The hiring funnel's kept aggregates (docs/features.md, "Insights"): how many times each
 * metric happened per job (or organisation) and UTC day. A metric is a funnel step (1–7), a
 * duration bucket (100 + bucket: time to complete; 200 + bucket: submission to first review), a
 * device (300 + DEVICE_KINDS index), a browser (400 + BROWSER_KINDS index) or a quit after so
 * many answers (500 + answers). Written only by triggers on applicants (migration
 * `insights_triggers`), from the applicants as they are: an archived applicant still counts, a
 * deleted one no longer does. Owned by modules/insights, which only reads them.
 */
export const insightJobDays = pgTable(
  'insight_job_days',
  {
    /** No foreign key: a job's deletion removes its applicants, whose trigger empties the rows. */
    jobId: uuid('job_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: smallint('metric').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.metric] })],
);

/** The same figures summed per organisation, so the organisation's funnel reads a few rows a day. */
export const insightOrgDays = pgTable(
  'insight_org_days',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    metric: smallint('metric').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.metric] })],
);

/**
 * The same figures summed per department, so a department's funnel reads a few rows a day
 * rather than every job-day row of its jobs. A job counts in the department it is in now:
 * moving it (or its department's deletion leaving it without one) moves its figures with it
 * (migration `insight_department_days_triggers`).
 */
export const insightDepartmentDays = pgTable(
  'insight_department_days',
  {
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    metric: smallint('metric').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.day, t.metric] })],
);
