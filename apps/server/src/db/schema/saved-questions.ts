import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import type { StoredQuestion } from './jobs';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's question library ("Save to library" in the job and template editors): each
 * row is one question as it was saved, offered back by "Add from library" under "Our questions".
 */
export const savedQuestions = pgTable(
  'saved_questions',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who saved it; null once that account is gone (the question stays the organisation's). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    txt: text('txt').notNull(),
    /** The question's answer type, time limit, description and options, as a job stores them. */
    quest: jsonb('quest').$type<Omit<StoredQuestion, 'id' | 'txt'>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The list: an organisation's questions, newest first.
    index('saved_questions_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id),
    // The search (ILIKE), as the jobs list's title search.
    index('saved_questions_txt_trgm_idx').using('gin', t.txt.op('gin_trgm_ops')),
  ],
);
