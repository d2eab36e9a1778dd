import { DATE_LOCALES, interviewLengthMin, type Language, type Question } from '@candid/domain';
import {
  companySender,
  isolate,
  renderEmail,
  type EmailLinkLine,
  type RenderedEmail,
} from '../../mail/layout';

/** What every e-mail about a job tells the candidate about it. */
interface JobFacts {
  jobTitle: string;
  companyName: string;
  /** The job's questions, for the interview's length. */
  quests?: readonly Pick<Question, 'timeLimit' | 'thinkTimeSec'>[];
  /** The job's closing date, when it has one. */
  closesAt?: Date;
  /** The company logo as an absolute address, shown above the greeting. */
  logoUrl?: string;
  /** The organisation's accent colour for the button and links; unset: the app's own. */
  accentColor?: string | null;
}

function lengthFact(lang: Language, count: number, minutes: number): string {
  if (lang === 'he') {
    const questions = count === 1 ? 'שאלה אחת' : `${count} שאלות`;
    return `הראיון: ${questions}, ${minutes === 1 ? 'עד דקה אחת' : `עד ${minutes} דקות`}`;
  }
  const questions = count === 1 ? '1 question' : `${count} questions`;
  return `The interview: ${questions}, at most ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`;
}

function jobFacts(lang: Language, job: JobFacts): string[] {
  const he = lang === 'he';
  const title = isolate(job.jobTitle);
  const company = job.companyName ? isolate(job.companyName) : '';
  const facts = [
    he
      ? `המשרה: ${title}${company ? ` ב-${company}` : ''}`
      : `The job: ${title}${company ? ` at ${company}` : ''}`,
  ];
  if (job.quests && job.quests.length > 0) {
    facts.push(lengthFact(lang, job.quests.length, interviewLengthMin(job.quests)));
  }
  if (job.closesAt) {
    const when = isolate(formatClosingDateForEmail(job.closesAt, lang));
    facts.push(he ? `אפשר להגיש עד: ${when}` : `Apply by: ${when}`);
  }
  return facts;
}

function greeting(lang: Language, fName: string): string {
  const name = isolate(fName.trim());
  return lang === 'he' ? `שלום ${name},` : `Hi ${name},`;
}

function stopLink(lang: Language, url: string) {
  return { label: lang === 'he' ? 'לביטול התזכורות' : 'Stop reminders', url };
}

/**
 * The invitation e-mail, sent in the company's name: the recruiter's subject and message
 * (plain text, one paragraph per line break), what the job and its interview are (length,
 * closing date), then a button to the personal link, in the recruiter's chosen language.
 */
export function invitationEmail(
  input: JobFacts & {
    lang: Language;
    fName: string;
    subject: string;
    message: string;
    link: string;
    /** Present when a reminder will follow: how to stop it. */
    stopLink?: string;
  },
): RenderedEmail {
  const he = input.lang === 'he';
  const paragraphs = input.message
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter(Boolean);
  const sender = companySender(input.lang, input);
  return renderEmail(
    input.lang,
    {
      subject: input.subject,
      greeting: greeting(input.lang, input.fName),
      intro: paragraphs,
      facts: jobFacts(input.lang, input),
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [
        he
          ? 'הקישור אישי ומיועד לך בלבד. אפשר לפתוח אותו בטלפון או במחשב עם מצלמה ומיקרופון.'
          : 'This link is yours alone. Open it on a phone or a computer with a camera and a microphone.',
        ...(input.stopLink ? [stopLine(input.lang, input.stopLink, input.closesAt)] : []),
      ],
      ...sender.signature,
    },
    { link: input.link, ...sender.values },
  );
}

function stopLine(lang: Language, url: string, closesAt?: Date): EmailLinkLine {
  const he = lang === 'he';
  if (closesAt) {
    return {
      text: he
        ? 'אם לא סיימת, נשלח תזכורת אחת בעוד יומיים ועוד אחת יום לפני סגירת ההגשה.'
        : 'If you have not finished, we will send one reminder in two days and one a day before applications close.',
      link: stopLink(lang, url),
    };
  }
  return {
    text: he
      ? 'אם לא סיימת, נשלח תזכורת אחת בעוד יומיים.'
      : 'If you have not finished, we will send one reminder in two days.',
    link: stopLink(lang, url),
  };
}

/**
 * A closing date as an e-mail states it: weekday, date and time in UTC, named as such (the
 * server does not know the reader's zone; the link's page shows it in theirs).
 */
export function formatClosingDateForEmail(closesAt: Date, lang: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(closesAt);
}

/**
 * The reminder a day before the job closes: when it closes, the same personal link,
 * and how to stop reminders.
 */
export function deadlineReminderEmail(
  input: JobFacts & {
    lang: Language;
    fName: string;
    subject: string;
    closesAt: Date;
    link: string;
    stopLink: string;
  },
): RenderedEmail {
  const he = input.lang === 'he';
  const sender = companySender(input.lang, input);
  return renderEmail(
    input.lang,
    {
      subject: he ? `נותר יום אחד: ${input.subject}` : `One day left: ${input.subject}`,
      greeting: greeting(input.lang, input.fName),
      intro: he
        ? [
            'ההגשה נסגרת בעוד כ-24 שעות.',
            'הראיון שלך עדיין מחכה לך, ואפשר להשלים אותו עכשיו מהטלפון או מהמחשב.',
          ]
        : [
            'Applications close in about 24 hours.',
            'Your interview is still waiting for you, and you can finish it now on a phone or a computer.',
          ],
      facts: jobFacts(input.lang, input),
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [
        {
          text: he ? 'זו התזכורת האחרונה.' : 'This is the last reminder.',
          link: stopLink(input.lang, input.stopLink),
        },
      ],
      ...sender.signature,
    },
    { link: input.link, ...sender.values },
  );
}

/** The one reminder: the same personal link, and how to stop reminders. */
export function reminderEmail(
  input: JobFacts & {
    lang: Language;
    fName: string;
    subject: string;
    link: string;
    stopLink: string;
    /** Set while the deadline reminder is still to come: this one is not the last. */
    deadlineReminderFollows: boolean;
  },
): RenderedEmail {
  const he = input.lang === 'he';
  const sender = companySender(input.lang, input);
  let last: string;
  if (input.deadlineReminderFollows) {
    last = he
      ? 'נזכיר שוב יום לפני סגירת ההגשה.'
      : 'We will remind you once more a day before applications close.';
  } else {
    last = he ? 'לא נשלח תזכורות נוספות.' : 'We will not remind you again.';
  }
  return renderEmail(
    input.lang,
    {
      subject: he ? `תזכורת: ${input.subject}` : `Reminder: ${input.subject}`,
      greeting: greeting(input.lang, input.fName),
      intro: he
        ? ['רצינו להזכיר שהראיון שלך עדיין מחכה לך.']
        : ['A friendly reminder: your interview is still waiting for you.'],
      facts: jobFacts(input.lang, input),
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [{ text: last, link: stopLink(input.lang, input.stopLink) }],
      ...sender.signature,
    },
    { link: input.link, ...sender.values },
  );
}
