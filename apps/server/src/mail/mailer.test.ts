import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailLogger, MailMessage } from './mailer';
import { createMailer, readOutbox } from './mailer';

const FROM = 'Candid <no-reply@candid.test>';

const message: MailMessage = {
  to: 'dana@example.com',
  subject: 'Verify your email',
  text: 'Your code is 123456',
  html: '<p>Your code is <b>123456</b></p>',
};

function createLogger(): MailLogger & { lines: { details: object; message: string }[] } {
  const lines: { details: object; message: string }[] = [];
  return { lines, info: (details, text) => lines.push({ details, message: text }) };
}

describe('mailer without SMTP_URL (outbox)', () => {
  let outboxDir: string;

  beforeEach(async () => {
    // A folder that does not exist yet: the mailer creates it.
    outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'candid-mail-')), 'outbox');
  });

  afterEach(async () => {
    await rm(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('writes a MIME .eml with text and HTML parts, a JSON sidecar and one log line', async () => {
    const logger = createLogger();
    const mailer = createMailer({ from: FROM, outboxDir, logger });
    const sent = await mailer.send({ ...message, locale: 'he' });
    await mailer.close();

    expect(sent).toMatchObject({ transport: 'outbox', id: expect.stringMatching(/^<.+@.+>$/) });
    expect(path.basename(sent.path ?? '')).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]+\.eml$/);
    expect((await readdir(outboxDir)).sort()).toEqual([
      path.basename(sent.path ?? ''),
      path.basename(sent.path ?? '').replace(/\.eml$/, '.json'),
    ]);

    const eml = await readFile(sent.path ?? '', 'utf8');
    expect(eml).toContain('\r\n');
    expect(eml).toMatch(/^From: Candid <no-reply@candid\.test>\r$/m);
    expect(eml).toMatch(/^To: dana@example\.com\r$/m);
    expect(eml).toMatch(/^Subject: Verify your email\r$/m);
    expect(eml).toMatch(/^Content-Language: he\r$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(eml).toContain('Your code is 123456');
    expect(eml).toContain('<p>Your code is <b>123456</b></p>');

    const [entry, ...rest] = await readOutbox(outboxDir);
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      ...message,
      from: FROM,
      locale: 'he',
      id: sent.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      emlPath: sent.path,
    });
    expect(logger.lines).toEqual([
      {
        details: { to: message.to, subject: message.subject, path: sent.path },
        message: expect.any(String),
      },
    ]);
  });

  it("sends a company's mail under its display name from the configured address", async () => {
    const mailer = createMailer({ from: FROM, outboxDir, logger: createLogger() });
    const sent = await mailer.send({ ...message, fromName: 'Acme "Ltd" via Candid' });
    const hebrew = await mailer.send({ ...message, fromName: 'אקמי דרך Candid' });
    await mailer.close();
    const eml = await readFile(sent.path ?? '', 'utf8');
    // The name is quoted as a header needs it; the address is the configured no-reply one.
    expect(eml).toMatch(/^From: "Acme \\"Ltd\\" via Candid" <no-reply@candid\.test>\r$/m);
    const hebrewEml = await readFile(hebrew.path ?? '', 'utf8');
    expect(hebrewEml).toMatch(/^From: =\?UTF-8\?[BQ]\?.+\?= <no-reply@candid\.test>\r$/m);
    const entries = await readOutbox(outboxDir);
    expect(entries.map((entry) => entry.from)).toEqual([
      'Acme "Ltd" via Candid <no-reply@candid.test>',
      'אקמי דרך Candid <no-reply@candid.test>',
    ]);
  });

  it('lists the outbox newest last, even for mail sent within one millisecond', async () => {
    const mailer = createMailer({ from: FROM, outboxDir, logger: createLogger() });
    for (const n of [1, 2, 3, 4, 5]) {
      await mailer.send({ ...message, subject: `Mail ${n}` });
    }
    expect((await readOutbox(outboxDir)).map((entry) => entry.subject)).toEqual([
      'Mail 1',
      'Mail 2',
      'Mail 3',
      'Mail 4',
      'Mail 5',
    ]);
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(outboxDir)).toEqual([]);
  });

  it('encodes a Hebrew subject and body', async () => {
    const mailer = createMailer({ from: FROM, outboxDir, logger: createLogger() });
    const sent = await mailer.send({
      to: 'noa@example.com',
      subject: 'אמתו את כתובת הדוא"ל',
      text: 'הקוד שלכם: 123456',
      html: '<p dir="rtl">הקוד שלכם: 123456</p>',
      locale: 'he',
    });
    const eml = await readFile(sent.path ?? '', 'utf8');
    expect(eml).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    const [entry] = await readOutbox(outboxDir);
    expect(entry?.subject).toBe('אמתו את כתובת הדוא"ל');
  });
});

describe('mailer with SMTP_URL', () => {
  const received: { raw: string; from: string | undefined; to: string[] }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a MIME message with both parts to the SMTP server', async () => {
    const logger = createLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent/never-used',
      logger,
    });
    const sent = await mailer.send(message);
    await mailer.close();

    expect(sent).toEqual({ id: expect.stringMatching(/^<.+>$/), transport: 'smtp' });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@candid.test');
    expect(mail?.to).toEqual(['dana@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Verify your email\r$/m);
    expect(mail?.raw).toMatch(/^To: dana@example\.com\r$/m);
    expect(mail?.raw).toContain(`Message-ID: ${sent.id}`);
    expect(mail?.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(mail?.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(mail?.raw).toContain('<p>Your code is <b>123456</b></p>');
    expect(logger.lines).toHaveLength(1);
  });

  it('rejects with a clear error when the SMTP server cannot be reached', async () => {
    const closedPort = await findClosedPort();
    const mailer = createMailer({
      smtpUrl: `smtp://user:hunter2@127.0.0.1:${closedPort}`,
      from: FROM,
      outboxDir: '/nonexistent/never-used',
      logger: createLogger(),
    });
    const error = await mailer.send(message).catch((caught: unknown) => caught);
    await mailer.close();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Could not send mail to dana@example\\.com through SMTP at 127\\.0\\.0\\.1:${closedPort}: .*ECONNREFUSED`,
      ),
    );
    expect((error as Error).message).not.toContain('hunter2');
  });
});

/** A port nothing listens on: bound, then released. */
async function findClosedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
