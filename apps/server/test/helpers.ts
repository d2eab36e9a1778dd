import { readOutbox, type OutboxEntry } from '../src/mail/mailer';

/**
 * A clock for the app under test (BuildAppOptions.now): the real time plus whatever the test
 * has moved it forward by, so expiry is tested without sleeping.
 */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/**
 * Waits for the mail to `to` that `match` accepts (the newest one), polling the outbox:
 * codes for forgot-password are mailed after the answer, so the test waits for the mail
 * itself, as a user would.
 */
export async function waitForMail(
  outboxDir: string,
  to: string,
  match: (entry: OutboxEntry) => boolean = () => true,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxEntry> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const entries = (await readOutbox(outboxDir))
      .slice(options.after ?? 0)
      .filter((entry) => entry.to === to && match(entry));
    const last = entries.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** How many mails the outbox holds, to wait only for mail sent after this point. */
export async function outboxSize(outboxDir: string): Promise<number> {
  return (await readOutbox(outboxDir)).length;
}

/** The 6-digit code in a mail, as the user reads it. */
export function codeFrom(entry: OutboxEntry): string {
  const match = /\b(\d{6})\b/.exec(entry.text);
  if (!match) throw new Error(`no code in mail "${entry.subject}"`);
  return match[1]!;
}

/** The token of the verification link in a mail (`/verify-email?token=…`). */
export function verifyTokenFrom(entry: OutboxEntry): string {
  const match = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(entry.text);
  if (!match) throw new Error(`no verification link in mail "${entry.subject}"`);
  return decodeURIComponent(match[1]!);
}
