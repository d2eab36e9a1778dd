import { interviewLengthMin, PRIMARY_COLOR, type Job } from '@candid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/mailer';
import {
  deadlineReminderEmail,
  invitationEmail,
  reminderEmail,
} from '../src/modules/invitations/invitations.emails';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, createInterviewJob } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const LINK = 'https://candid.example/interview/j1?invite=abc_DEF-123';
const STOP = 'https://candid.example/api/invitation/stop?token=abc_DEF-123';
const CLOSES = new Date('2030-03-05T15:00:00Z');
const QUESTS = [
  { timeLimit: 5, thinkTimeSec: 30 },
  { timeLimit: 2, thinkTimeSec: null },
  { timeLimit: 1 },
];

const base = {
  fName: 'Dana',
  subject: 'Your interview at Acme',
  message: 'Hello!\nPlease record a few short answers.',
  link: LINK,
  stopLink: STOP,
  jobTitle: 'Frontend Developer (React)',
  companyName: 'Acme Ltd.',
  quests: QUESTS,
  closesAt: CLOSES,
  logoUrl: 'https://candid.example/api/files/org/logo.png',
};

describe('the e-mails a candidate gets in the company’s name', () => {
  it('counts the interview’s length from the answers’ limits and reading times, rounded up', () => {
    expect(interviewLengthMin(QUESTS)).toBe(9);
    expect(interviewLengthMin([{ timeLimit: 1, thinkTimeSec: 20 }])).toBe(2);
    expect(interviewLengthMin([])).toBe(0);
  });

  it('English: sender, logo, job, length, closing date, a button and a labelled stop link', () => {
    const mail = invitationEmail({ lang: 'en', ...base });
    expect(mail.fromName).toBe('Acme Ltd. via Candid');
    expect(mail.html).toContain('<img src="https://candid.example/api/files/org/logo.png"');
    expect(mail.html).toContain(
      '<li style="margin:0 0 4px">The job: <bdi>Frontend Developer (React)</bdi> at <bdi>Acme Ltd.</bdi></li>',
    );
    expect(mail.text).toContain('The interview: 3 questions, at most 9 minutes');
    expect(mail.text).toMatch(/Apply by: \u2068Tuesday, March 5 at 03:00\s?PM UTC\u2069/u);
    // The button carries the address; no address is printed as text in the HTML.
    expect(mail.html).toContain(
      `<a href="${LINK.replace('&', '&amp;')}" style="display:inline-block;`,
    );
    expect(mail.html).toContain('>Start your interview</a>');
    expect(mail.html).toContain(
      `<a href="${STOP}" style="color:${PRIMARY_COLOR}">Stop reminders</a>`,
    );
    const htmlWithoutAttributes = mail.html.replace(/<[^>]*>/gu, '');
    expect(htmlWithoutAttributes).not.toContain('https://');
    // The plain text keeps each address on a line of its own, with nothing glued to it.
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.text.split('\n')).toContain(STOP);
    expect(mail.text.trim().endsWith('\u2068Acme Ltd.\u2069 via Candid')).toBe(true);
  });

  it('Hebrew: right to left, Latin names and dates isolated, addresses never inside a sentence', () => {
    const mail = invitationEmail({ lang: 'he', ...base, fName: 'דנה' });
    expect(mail.fromName).toBe('Acme Ltd. דרך Candid');
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.html).toContain(
      'המשרה: <bdi>Frontend Developer (React)</bdi> ב-<bdi>Acme Ltd.</bdi>',
    );
    expect(mail.text).toContain('הראיון: 3 שאלות, עד 9 דקות');
    expect(mail.html).toMatch(/אפשר להגיש עד: <bdi>[^<]*2030|אפשר להגיש עד: <bdi>[^<]*מרץ/u);
    expect(mail.html).toContain('>להתחלת הראיון</a>');
    expect(mail.html).toContain(
      `<a href="${STOP}" style="color:${PRIMARY_COLOR}">לביטול התזכורות</a>`,
    );
    // A "?" of an address inside Hebrew text is what jumped to the wrong end: no sentence of
    // either part holds an address.
    for (const line of mail.text.split('\n')) {
      if (line.includes('https://')) expect(line).toMatch(/^https:\/\/\S+$/u);
    }
    expect(mail.html.replace(/<[^>]*>/gu, '')).not.toContain('https://');
    expect(mail.html).toContain('padding:0 20px 0 0');
    // The last line keeps "Acme Ltd." whole: its full stop does not jump to the other end.
    expect(mail.html).toContain('<bdi>Acme Ltd.</bdi> דרך Candid</p>');
  });

  it("isolates an address the recruiter wrote into a Hebrew message, and keeps the plain text's as it is", () => {
    const mail = invitationEmail({
      lang: 'he',
      ...base,
      message: 'לפרטים (https://acme.example/jobs?id=7) לפני הראיון.',
    });
    expect(mail.html).toContain(
      'לפרטים (<bdi dir="ltr">https://acme.example/jobs?id=7</bdi>) לפני',
    );
    expect(mail.text).toContain('לפרטים (https://acme.example/jobs?id=7) לפני הראיון.');
  });

  it('reminders speak for the company too, with the same facts', () => {
    const reminder = reminderEmail({ lang: 'en', ...base, deadlineReminderFollows: true });
    expect(reminder.fromName).toBe('Acme Ltd. via Candid');
    expect(reminder.text).toContain(
      'We will remind you once more a day before applications close.',
    );
    expect(reminder.text).toContain('The interview: 3 questions, at most 9 minutes');
    const last = deadlineReminderEmail({ lang: 'he', ...base });
    expect(last.fromName).toBe('Acme Ltd. דרך Candid');
    expect(last.subject).toBe('נותר יום אחד: Your interview at Acme');
    expect(last.html).toContain('זו התזכורת האחרונה.');
    expect(last.html).toContain('<img src="https://candid.example/api/files/org/logo.png"');
  });

  it('a job without a company name keeps the configured sender', () => {
    const mail = invitationEmail({ lang: 'en', ...base, companyName: ' ' });
    expect(mail.fromName).toBeUndefined();
    expect(mail.text.trim().endsWith('Candid')).toBe(true);
  });
});

describe.each(testDbKinds('both'))('the invitation as sent (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let job: Job;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    owner = await accountWith(t.app, { fName: 'Rina' });
    job = await createInterviewJob(t.app, owner, ['text', 'video']);
  }, 120_000);
  afterAll(async () => t?.close());

  it("goes out from the company's name at the no-reply address, with the job's facts", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(owner.accessToken),
      payload: {
        rows: [{ fName: 'Noa', email: 'noa@example.com' }],
        subject: 'ראיון אצלנו',
        message: 'שלום!',
        language: 'he',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'noa@example.com',
    )!;
    const address = /<([^>]+)>/u.exec(t.config.mail.from)?.[1] ?? t.config.mail.from;
    expect(mail.from).toBe(`${job.company.name} דרך Candid <${address}>`);
    expect(mail.text).toContain('הראיון: 2 שאלות');
    const eml = await import('node:fs/promises').then((fs) => fs.readFile(mail.emlPath, 'utf8'));
    // The display name travels encoded (it is not ASCII), the address as it is.
    expect(eml).toMatch(
      new RegExp(`^From: =\\?UTF-8\\?.*<${address.replace('.', '\\.')}>\\r$`, 'mu'),
    );
  });
});
