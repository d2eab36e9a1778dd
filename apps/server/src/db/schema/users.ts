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
     * created with a new organisation) manages the team; 'recruiter' (added to it) works on every
     * job; 'reviewer' sees the jobs of `job_reviewers` only (docs/features.md, "Team and roles").
     */
    orgRole: text('org_role')
      .$type<'owner' | 'recruiter' | 'reviewer'>()
      .notNull()
      .default('recruiter'),
    /** Plan code: 0 starter … 3 enterprise, 999 all features. */
    perm: integer('perm').notNull().default(999),
    /** Features granted by name beyond the plan, e.g. { BOOKMARKS: true }. */
    advancedPrm: jsonb('advanced_prm').$type<Record<string, boolean>>().notNull().default({}),
    emailVerified: boolean('email_verified').notNull().default(false),
    language: text('language').notNull().default('en'),
    /**
     * Submitted-interview e-mails: 'mine' (the jobs they own), 'all' (every job of
     * the organisation) or 'off'; 'each' interview or a daily 'digest'.
     */
    notifyScope: text('notify_scope').$type<'mine' | 'all' | 'off'>().notNull().default('mine'),
    notifyMode: text('notify_mode').$type<'each' | 'digest'>().notNull().default('each'),
    /** The end of the period the last digest covered (the next covers from here). */
    digestFrom: timestamp('digest_from', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin account list's text search reads: first name and last name as "first last",
     * the email and the company name, separated by a unit separator (chr 31) so that a search
     * never matches across two of them (the same matches as ILIKE on each, and on "first last").
     * Lower-cased, so a search is `LIKE lower(pattern)` through the trigram index.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(f_name || ' ' || l_name || chr(31) || email || chr(31) || company_name)`,
      ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key')
      .on(t.googleSub)
      .where(sql`${t.googleSub} is not null`),
    index('users_org_idx').on(t.orgId),
    // The admin account list (account overview): one index per sort, in the list's
    // order (the id breaks ties in the sort's direction, so one index serves both directions of
    // a column that is never null; the email is unique and needs no tie-break). A page is a walk
    // of its index, a deep page's ids an index-only walk (deferred join). The default sort is
    // fName desc. interviewCount is sorted on user_applicant_counts' own index.
    index('users_f_name_idx').on(t.fName, t.id),
    index('users_l_name_idx').on(t.lName, t.id),
    index('users_company_name_idx').on(t.companyName, t.id),
    index('users_perm_idx').on(t.perm, t.id),
    index('users_role_idx').on(t.role, t.id),
    // Never logged in sorts last both ways, so each direction has its own index.
    index('users_last_login_asc_idx').on(t.lastLogin.asc().nullsLast(), t.id.asc()),
    index('users_last_login_desc_idx').on(t.lastLogin.desc().nullsLast(), t.id.desc()),
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The digest sweep: recruiters on a daily digest, by the start of their next period.
    index('users_digest_idx')
      .on(t.digestFrom)
      .where(sql`${t.notifyMode} = 'digest' and ${t.notifyScope} <> 'off'`),
  ],
);

/**
 * How many applicants the jobs each user owns have (every applicant: previews and archived ones
 * too), the admin account list's "interviews" column and sort (Account interviewCount).
 * Kept by triggers (migration 0031): a row per user, made with the user; statement-level
 * triggers on applicants for inserts and deletions, row-level ones for the rare moves (an
 * applicant to another job, a job to another owner) and a job's deletion. Reading it is one
 * lookup where counting the applicants of a recruiter's 10,000 jobs read a million index
 * entries for one row. A table of its own, so a candidate's start does not rewrite (and lock)
 * the recruiter's users row. Nothing in the server writes it.
 */
export const userApplicantCounts = pgTable(
  'user_applicant_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicants: integer('applicants').notNull().default(0),
  },
  (t) => [
    // The account list sorted by interviews, both directions (ties by user id, same direction).
    index('user_applicant_counts_sort_idx').on(t.applicants, t.userId),
  ],
);
