import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicants } from './applicants';
import { createdAt, id } from './common';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Share links: a recruiter lets a named hiring manager without an account open some
 * applicants until `expires_at` or until revoked. Only the SHA-256 of the token is stored (like
 * API keys: 256 random bits, so a fast hash is enough and a lookup is one index probe). A
 * revoked or expired link keeps its row: the guest's ratings and activities name it.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the whole token. */
    tokenHash: text('token_hash').notNull(),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** How many times the guest opened an applicant through the link. */
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    index('share_links_org_idx').on(t.orgId, t.createdAt),
  ],
);

/** The applicants a link opens (one, or a selection of the overview). */
export const shareLinkApplicants = pgTable(
  'share_link_applicants',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.applicantId] }),
    // The details page's list of an applicant's links.
    index('share_link_applicants_applicant_idx').on(t.applicantId),
  ],
);
