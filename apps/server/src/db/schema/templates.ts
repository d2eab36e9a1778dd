import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, id, updatedAt } from './common';
import type { StoredQuestion } from './jobs';
import { organizations } from './organizations';
import { users } from './users';

/** Reusable question sets. org_id null marks a built-in template offered to every organisation. */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id),
    title: text('title').notNull(),
    name: text('name').notNull().default(''),
    quests: jsonb('quests').$type<StoredQuestion[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    coverUrl: text('cover_url').notNull().default(''),
    /**
     * A built-in template's language ('en', 'he'): GET template/default offers those of the
     * recruiter's language. Null on an organisation's own templates.
     */
    lang: text('lang'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: archivedAt(),
  },
  (t) => [
    // Template overview (default: createdAt ascending), per archive view.
    index('templates_org_active_created_idx')
      .on(t.orgId, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('templates_org_archived_created_idx')
      .on(t.orgId, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is not null`),
    index('templates_org_default_idx').on(t.orgId, t.isDefault),
  ],
);
