import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer';

/** One e-mail as the app writes it: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Language of the message (`en`, `he`), sent as `Content-Language`. */
  locale?: string;
  /**
   * A display name replacing the configured sender's ("Acme via Candid"); the address stays
   * the configured one, so replies and bounces go where they always do.
   */
  fromName?: string;
}

export interface SentMail {
  /** The Message-ID header of the sent message. */
  id: string;
  transport: 'smtp' | 'outbox';
  /** The `.eml` file, for outbox mail. */
  path?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** The part of a pino/Fastify logger the mailer uses. */
export interface MailLogger {
  info(details: object, message: string): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` URL; nodemailer options may ride along as query parameters. */
  smtpUrl?: string;
  /** The From header, e.g. `Candid <no-reply@example.com>`. */
  from: string;
  /** Where mail goes when `smtpUrl` is unset; created when missing. */
  outboxDir: string;
  logger: MailLogger;
}

/** The JSON sidecar written beside each outbox `.eml`, for tests and humans. */
export interface OutboxEntry {
  id: string;
  to: string;
  /** The From header as sent. */
  from: string;
  subject: string;
  text: string;
  html: string;
  locale?: string;
  createdAt: string;
  /** The `.eml` file holding the full MIME message. */
  emlPath: string;
}

// A relay that accepts the connection but never answers must not hang a signup request
// for nodemailer's default two minutes. Values given in the URL's query still win.
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * Creates the app's mailer: SMTP through nodemailer when `smtpUrl` is set; otherwise each
 * message is written as a real MIME message to `<outboxDir>/<time>-<random>.eml` with a
 * `.json` sidecar, and logged, so the embedded setup needs no mail server at all.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === undefined || options.smtpUrl === ''
    ? createOutboxMailer(options)
    : createSmtpMailer({ ...options, smtpUrl: options.smtpUrl });
}

/**
 * Reads the outbox's JSON sidecars, oldest first and newest last, so a test can take the
 * last entry as the mail just sent. A missing outbox reads as empty.
 */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => {
        const entry = JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as Omit<
          OutboxEntry,
          'emlPath'
        >;
        return { ...entry, emlPath: path.join(outboxDir, name.replace(/\.json$/, '.eml')) };
      }),
  );
  // Names start with the time and a per-process sequence, so name order is sending order
  // (within one process; across processes to the millisecond).
  return entries.sort((a, b) => (a.emlPath < b.emlPath ? -1 : a.emlPath > b.emlPath ? 1 : 0));
}

function createSmtpMailer(options: MailerOptions & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl });
  const target = describeSmtpTarget(options.smtpUrl);
  return {
    async send(message) {
      let info: { messageId: string };
      try {
        info = await transport.sendMail(toMailOptions(options.from, message));
      } catch (error) {
        throw new Error(
          `Could not send mail to ${message.to} through SMTP at ${target}: ${errorMessage(error)}`,
          { cause: error },
        );
      }
      options.logger.info(
        { to: message.to, subject: message.subject, id: info.messageId },
        'mail sent',
      );
      return { id: info.messageId, transport: 'smtp' };
    },
    async close() {
      transport.close();
    },
  };
}

let outboxSequence = 0;

function createOutboxMailer(options: MailerOptions): Mailer {
  // streamTransport builds the exact MIME message SMTP would carry (multipart/alternative
  // with text and HTML); CRLF line ends make the .eml a proper RFC 5322 message.
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(message) {
      const info = await builder.sendMail(toMailOptions(options.from, message));
      // `buffer: true` makes the message a Buffer; the type also allows a stream.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer returned no buffer');
      const createdAt = new Date();
      outboxSequence += 1;
      // ISO 8601 basic format (no colons, which some file systems refuse), then a sequence
      // so names sort in sending order, then randomness against other processes.
      const stamp = createdAt.toISOString().replace(/[-:]/g, '');
      const base = `${stamp}-${String(outboxSequence).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
      const emlPath = path.join(options.outboxDir, `${base}.eml`);
      const sidecar = {
        id: info.messageId,
        to: message.to,
        from: formatFrom(fromHeader(options.from, message.fromName)),
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.locale === undefined ? {} : { locale: message.locale }),
        createdAt: createdAt.toISOString(),
      };
      await mkdir(options.outboxDir, { recursive: true });
      // The sidecar is what readers list, so it lands last and whole: a reader never sees
      // an entry whose .eml is missing or a half-written JSON file.
      await writeFile(emlPath, info.message);
      await writeFileAtomically(
        path.join(options.outboxDir, `${base}.json`),
        JSON.stringify(sidecar, null, 2),
      );
      options.logger.info(
        { to: message.to, subject: message.subject, path: emlPath },
        'mail written to outbox',
      );
      return { id: info.messageId, transport: 'outbox', path: emlPath };
    },
    async close() {
      builder.close();
    },
  };
}

/** The address inside a configured sender such as `Candid <no-reply@example.com>`. */
function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/u.exec(from)?.[1]?.trim() ?? from.trim();
}

function fromHeader(from: string, fromName: string | undefined): string | Address {
  if (!fromName) return from;
  return { name: fromName.replace(/[\r\n]+/gu, ' '), address: senderAddress(from) };
}

function formatFrom(from: string | Address): string {
  return typeof from === 'string' ? from : `${from.name} <${from.address}>`;
}

function toMailOptions(from: string, message: MailMessage): SendMailOptions {
  return {
    from: fromHeader(from, message.fromName),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.locale === undefined ? {} : { headers: { 'Content-Language': message.locale } }),
  };
}

async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/** host:port of an SMTP URL, never its credentials, for error messages and logs. */
function describeSmtpTarget(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    return '(unparseable SMTP_URL)';
  }
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
