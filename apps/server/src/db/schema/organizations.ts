import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';

/** A company account. Every user belongs to one; jobs, templates and applicants are scoped to it. */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
