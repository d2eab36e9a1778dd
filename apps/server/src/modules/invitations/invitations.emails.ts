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
      ],
    },
    { link: input.link },
  );
}
