import { pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';

/** A company account. Every user belongs to one; jobs, templates and applicants are scoped to it. */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().default(''),
  /**
   * Data retention (issue 15): archived or rejected applicants are deleted this many months
   * after they were archived or last changed (one of RETENTION_MONTH_OPTIONS); null: off.
   */
  retentionMonths: smallint('retention_months'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A department of an organisation (spec §6 multi-department organisations). A job may belong
 * to one; deleting a department leaves its jobs without one.
 */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One name once per organisation; the list reads this index in name order.
  (t) => [uniqueIndex('departments_org_name_key').on(t.orgId, t.name)],
);
