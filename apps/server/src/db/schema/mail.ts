import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import { organizations } from './organizations';

export type MailStatus = 'pending' | 'sent' | 'failed';

/**
 * The durable queue of outgoing e-mail: a message is a row before it is sent, so a restart or a
 * failing SMTP server loses none. A sender claims due rows (`next_attempt_at`), which pushes
 * their next attempt into the future first: a process that dies while sending leaves the row to
 * be tried again after that lease; a failure reschedules it with backoff.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** What the mail is for (`invitation`, …): its sender runs that purpose's follow-up. */
    purpose: text('purpose').notNull(),
    /** The row the purpose is about (an invitation's applicant). */
    refId: uuid('ref_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    locale: text('locale').notNull().default('en'),
    /** The sender's display name when the mail speaks for a company; null: the configured one. */
    fromName: text('from_name'),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_queue_ref_idx').on(t.refId),
  ],
);
