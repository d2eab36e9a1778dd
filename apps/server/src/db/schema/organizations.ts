import { boolean, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';

/** A company account. Every user belongs to one; jobs, templates and applicants are scoped to it. */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().default(''),
  /**
   * Data retention: archived or rejected applicants are deleted this many months
   * after they were archived or last changed (one of RETENTION_MONTH_OPTIONS); null: off.
   */
  retentionMonths: smallint('retention_months'),
  /**
   * The brand on the candidate side: the logo (an image uploaded to this organisation, by its
   * `/api/files/…` URL; empty: none), the accent colour (`#rrggbb` white reads on at 4.5:1;
   * null: Candid's own) and whether Candid's mark shows in the candidate pages' header.
   */
  brandLogoUrl: text('brand_logo_url').notNull().default(''),
  brandAccentColor: text('brand_accent_color'),
  brandShowVendorMark: boolean('brand_show_vendor_mark').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A department of an organisation (multi-department organisations). A job may belong
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

/**
 * The organisation's consent notice for candidates, one row per saved version (1, 2, …): the
 * text per interview language, empty for the standard text. The newest row is the current notice;
 * older rows stay so that what an applicant accepted can be read exactly later.
 */
export const consentNotices = pgTable(
  'consent_notices',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    textEn: text('text_en').notNull().default(''),
    textHe: text('text_he').notNull().default(''),
    /** Who saved it (null once that user is deleted: the version stays). */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('consent_notices_org_version_key').on(t.orgId, t.version)],
);
