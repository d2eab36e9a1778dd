import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';
import { organizations } from './organizations';

export interface CoverUrl {
  regular: string;
  small?: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fName: text('f_name').notNull().default(''),
    lName: text('l_name').notNull().default(''),
    /** Stored lower-cased; unique across the product. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    coverUrls: jsonb('cover_urls').$type<CoverUrl[]>().notNull().default([]),
    role: text('role').notNull().default('user'),
    /**
     * The user's place in their organisation: 'owner' (who signed up, or an account an admin
     * created with a new organisation) manages the members; 'member' was added to it.
     */
    orgRole: text('org_role').$type<'owner' | 'member'>().notNull().default('member'),
    /** Plan code (spec §6): 0 starter … 3 enterprise, 999 all features. */
    perm: integer('perm').notNull().default(999),
    /** Features granted by name beyond the plan, e.g. { BOOKMARKS: true }. */
    advancedPrm: jsonb('advanced_prm').$type<Record<string, boolean>>().notNull().default({}),
    emailVerified: boolean('email_verified').notNull().default(false),
    language: text('language').notNull().default('en'),
    /**
     * Submitted-interview e-mails (issue 15): 'mine' (the jobs they own), 'all' (every job of
     * the organisation) or 'off'; 'each' interview or a daily 'digest'.
     */
    notifyScope: text('notify_scope').$type<'mine' | 'all' | 'off'>().notNull().default('mine'),
    notifyMode: text('notify_mode').$type<'each' | 'digest'>().notNull().default('each'),
    /** The end of the period the last digest covered (the next covers from here). */
    digestFrom: timestamp('digest_from', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key')
      .on(t.googleSub)
      .where(sql`${t.googleSub} is not null`),
    index('users_org_idx').on(t.orgId),
    // Admin account list default sort: fName desc.
    index('users_f_name_idx').on(t.fName),
    // The digest sweep: recruiters on a daily digest, by the start of their next period.
    index('users_digest_idx')
      .on(t.digestFrom)
      .where(sql`${t.notifyMode} = 'digest' and ${t.notifyScope} <> 'off'`),
  ],
);
