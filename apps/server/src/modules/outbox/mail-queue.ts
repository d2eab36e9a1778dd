import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { coalescedRun } from '../../lib/coalesced-run';
import type { Db, DbTx } from '../../db/types';
import { mailQueue } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';

/** One e-mail to send later, and what it is for. */
export interface QueuedMail {
  orgId: string | null;
  /** Names the follow-up run once it is sent (see {@link MailSentHandler}). */
  purpose: string;
  refId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  /** The sender's display name, for a mail sent in a company's name. */
  fromName?: string;
}

/** What a purpose does once its mail went out (e.g. mark an invitation sent). */
export type MailSentHandler = (db: Db, refId: string | null, sentAt: Date) => Promise<void>;

/** Tries of one mail before it is marked failed (about 2 hours of backoff in all). */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a claimed mail waits before another sender may try it (a sender died mid-send). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Mails claimed at once by one sender. */
const MAIL_BATCH = 20;

/** The wait after failed try n: 30 s, doubling, at most one hour. */
export function mailRetryDelayMs(attempt: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

/** Adds mails to the queue, in the caller's transaction: they exist once it commits. */
export async function enqueueMails(
  tx: Db | DbTx,
  mails: readonly QueuedMail[],
  now: Date,
): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailQueue).values(
    mails.map((mail) => ({
      orgId: mail.orgId,
      purpose: mail.purpose,
      refId: mail.refId,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      locale: mail.locale,
      fromName: mail.fromName ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

export interface MailQueueDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

export interface SendResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * The queue's sender: claims due mails (pushing their next try a lease ahead, under
 * `FOR UPDATE SKIP LOCKED` so two processes never claim one mail), sends each, then marks it
 * sent and runs its purpose's handler, or reschedules it with backoff, or after
 * {@link MAX_MAIL_ATTEMPTS} marks it failed with the last error.
 */
export function createMailQueue(deps: MailQueueDeps) {
  const handlers = new Map<string, MailSentHandler>();

  async function claim(now: Date) {
    const due = deps.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(MAIL_BATCH)
      .for('update', { skipLocked: true });
    return deps.db
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS),
      })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  /** Sends every mail due now; resolves with what happened to them. */
  async function runOnce(): Promise<SendResult> {
    const result: SendResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await claim(deps.now());
      if (batch.length === 0) return result;
      for (const mail of batch) {
        try {
          await deps.mailer.send({
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            locale: mail.locale,
            ...(mail.fromName ? { fromName: mail.fromName } : {}),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const failed = mail.attempts >= MAX_MAIL_ATTEMPTS;
          await deps.db
            .update(mailQueue)
            .set({
              lastError: message.slice(0, 1000),
              ...(failed
                ? { status: 'failed' as const }
                : {
                    nextAttemptAt: new Date(deps.now().getTime() + mailRetryDelayMs(mail.attempts)),
                  }),
            })
            .where(eq(mailQueue.id, mail.id));
          deps.log.warn({ mailId: mail.id, attempt: mail.attempts, err: message }, 'mail not sent');
          if (failed) result.failed += 1;
          else result.retried += 1;
          continue;
        }
        const sentAt = deps.now();
        await deps.db
          .update(mailQueue)
          .set({ status: 'sent', sentAt, lastError: null })
          .where(eq(mailQueue.id, mail.id));
        result.sent += 1;
        const handler = handlers.get(mail.purpose);
        if (handler) {
          await handler(deps.db, mail.refId, sentAt).catch((error: unknown) =>
            deps.log.error({ mailId: mail.id, err: error }, 'mail follow-up failed'),
          );
        }
      }
    }
  }

  /** Runs the sender now, or once more after the run in progress. */
  const runner = coalescedRun(runOnce, {
    empty: { sent: 0, retried: 0, failed: 0 },
    onError: (error) => deps.log.error({ err: error }, 'mail queue run failed'),
  });

  return {
    /** Registers the follow-up of a purpose. */
    onSent(purpose: string, handler: MailSentHandler): void {
      handlers.set(purpose, handler);
    },
    runOnce,
    kick: runner.kick,
    /** Resolves when the run in progress (if any) ends. */
    idle: runner.idle,
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;

/** The first mail of `purpose` about a row (a reminder reads its invitation's language). */
export async function findMailAbout(db: Db, refId: string, purpose: string) {
  const [row] = await db
    .select({ locale: mailQueue.locale, subject: mailQueue.subject })
    .from(mailQueue)
    .where(and(eq(mailQueue.refId, refId), eq(mailQueue.purpose, purpose)))
    .orderBy(asc(mailQueue.createdAt))
    .limit(1);
  return row ?? null;
}
