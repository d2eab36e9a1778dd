import { DATE_LOCALES, type Language } from '@candid/domain';
import { renderEmail, type RenderedEmail } from '../../mail/layout';

/**
 * The invitation e-mail: the recruiter's subject and message (plain text, one paragraph per
 * line break), then a button to the personal link, in the recruiter's chosen language.
 */
export function invitationEmail(input: {
  lang: Language;
  fName: string;
  subject: string;
  message: string;
  link: string;
  jobTitle: string;
  companyName: string;
  /** Present when a reminder will follow: how to stop it. */
  stopLink?: string;
  /** The job's closing date, when it has one: a second reminder comes a day before it. */
  closesAt?: Date;
  /** The company logo as an absolute address, shown above the greeting. */
  logoUrl?: string;
}): RenderedEmail {
  const he = input.lang === 'he';
  const name = input.fName.trim();
  const paragraphs = input.message
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter(Boolean);
  const from = [input.jobTitle, input.companyName].filter(Boolean).join(he ? ' ב-' : ' at ');
  return renderEmail(
    input.lang,
    {
      subject: input.subject,
      greeting: he ? `שלום ${name},` : `Hi ${name},`,
      intro: paragraphs,
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [
        he
          ? `הקישור אישי ומיועד לך בלבד${from ? ` (${from})` : ''}. אפשר לפתוח אותו בטלפון או במחשב עם מצלמה ומיקרופון.`
          : `This link is yours alone${from ? ` (${from})` : ''}. Open it on a phone or a computer with a camera and a microphone.`,
        ...(input.stopLink ? [stopLine(input.lang, input.stopLink, input.closesAt)] : []),
      ],
    },
    {
      link: input.link,
      ...(input.logoUrl ? { logo: { url: input.logoUrl, alt: input.companyName } } : {}),
    },
  );
}

function stopLine(lang: Language, stopLink: string, closesAt?: Date): string {
  if (closesAt) {
    const when = formatClosingDateForEmail(closesAt, lang);
    return lang === 'he'
      ? `ההגשה נסגרת ב${when}. אם לא סיימת, נשלח תזכורת אחת בעוד יומיים ועוד אחת יום לפני הסגירה. לביטול התזכורות: ${stopLink}`
      : `Applications close on ${when}. If you have not finished, we will send one reminder in two days and one a day before they close. To stop them: ${stopLink}`;
  }
  return lang === 'he'
    ? `אם לא סיימת, נשלח תזכורת אחת בעוד יומיים. לביטול התזכורת: ${stopLink}`
    : `If you have not finished, we will send one reminder in two days. To stop it: ${stopLink}`;
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
 * The reminder a day before the job closes (issue 14): when it closes, the same personal link,
 * and how to stop reminders.
 */
export function deadlineReminderEmail(input: {
  lang: Language;
  fName: string;
  subject: string;
  jobTitle: string;
  companyName: string;
  closesAt: Date;
  link: string;
  stopLink: string;
}): RenderedEmail {
  const he = input.lang === 'he';
  const when = formatClosingDateForEmail(input.closesAt, input.lang);
  return renderEmail(
    input.lang,
    {
      subject: he ? `נותר יום אחד: ${input.subject}` : `One day left: ${input.subject}`,
      greeting: he ? `שלום ${input.fName.trim()},` : `Hi ${input.fName.trim()},`,
      intro: he
        ? [
            `ההגשה למשרת ${input.jobTitle} ב-${input.companyName} נסגרת בעוד כ-24 שעות: ${when}.`,
            'הראיון שלך עדיין מחכה לך, ואפשר להשלים אותו עכשיו מהטלפון או מהמחשב.',
          ]
        : [
            `Applications for ${input.jobTitle} at ${input.companyName} close in about 24 hours: ${when}.`,
            'Your interview is still waiting for you, and you can finish it now on a phone or a computer.',
          ],
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [
        he
          ? `זו התזכורת האחרונה. לביטול תזכורות: ${input.stopLink}`
          : `This is the last reminder. To stop reminders: ${input.stopLink}`,
      ],
    },
    { link: input.link },
  );
}

/** The one reminder: the same personal link, and how to stop reminders. */
export function reminderEmail(input: {
  lang: Language;
  fName: string;
  subject: string;
  jobTitle: string;
  link: string;
  stopLink: string;
  /** Set while the deadline reminder is still to come: this one is not the last. */
  closesAt?: Date;
}): RenderedEmail {
  const he = input.lang === 'he';
  const when = input.closesAt ? formatClosingDateForEmail(input.closesAt, input.lang) : null;
  return renderEmail(
    input.lang,
    {
      subject: he ? `תזכורת: ${input.subject}` : `Reminder: ${input.subject}`,
      greeting: he ? `שלום ${input.fName.trim()},` : `Hi ${input.fName.trim()},`,
      intro: he
        ? [`רצינו להזכיר שהראיון שלך למשרת ${input.jobTitle} עדיין מחכה לך.`]
        : [`A friendly reminder: your interview for ${input.jobTitle} is still waiting for you.`],
      linkLabel: he ? 'להתחלת הראיון' : 'Start your interview',
      outro: [
        when
          ? he
            ? `ההגשה נסגרת ב${when}; נזכיר שוב יום לפני. לביטול תזכורות: ${input.stopLink}`
            : `Applications close on ${when}; we will remind you once more a day before. To stop reminders: ${input.stopLink}`
          : he
            ? `לא נשלח תזכורות נוספות. לביטול תזכורות: ${input.stopLink}`
            : `We will not remind you again. To stop reminders: ${input.stopLink}`,
      ],
    },
    { link: input.link },
  );
}
