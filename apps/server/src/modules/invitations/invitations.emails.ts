import type { Language } from '@candid/domain';
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
        ...(input.stopLink ? [stopLine(input.lang, input.stopLink)] : []),
      ],
    },
    {
      link: input.link,
      ...(input.logoUrl ? { logo: { url: input.logoUrl, alt: input.companyName } } : {}),
    },
  );
}

function stopLine(lang: Language, stopLink: string): string {
  return lang === 'he'
    ? `אם לא סיימת, נשלח תזכורת אחת בעוד יומיים. לביטול התזכורת: ${stopLink}`
    : `If you have not finished, we will send one reminder in two days. To stop it: ${stopLink}`;
}

/** The one reminder: the same personal link, and how to stop reminders. */
export function reminderEmail(input: {
  lang: Language;
  fName: string;
  subject: string;
  jobTitle: string;
  link: string;
  stopLink: string;
}): RenderedEmail {
  const he = input.lang === 'he';
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
        he
          ? `לא נשלח תזכורות נוספות. לביטול תזכורות: ${input.stopLink}`
          : `We will not remind you again. To stop reminders: ${input.stopLink}`,
      ],
    },
    { link: input.link },
  );
}
