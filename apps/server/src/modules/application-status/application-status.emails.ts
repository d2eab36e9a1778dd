import type { Language } from '@candid/domain';
import { companySender, isolate, renderEmail, type RenderedEmail } from '../../mail/layout';

/** The confirmation of a submitted interview, with the private link to the status page. */
export function confirmationEmail(input: {
  lang: Language;
  fName: string;
  jobTitle: string;
  companyName: string;
  /** The organisation's logo as an absolute address (empty: none) and its accent colour. */
  logoUrl?: string;
  accentColor?: string | null;
  link: string;
}): RenderedEmail {
  const he = input.lang === 'he';
  const sender = companySender(input.lang, input);
  const name = isolate(input.fName.trim());
  return renderEmail(
    input.lang,
    {
      subject: he
        ? `קיבלנו את הראיון שלך: ${input.jobTitle}`
        : `We received your interview: ${input.jobTitle}`,
      greeting: he ? `שלום ${name},` : `Hi ${name},`,
      intro: he
        ? [
            `תודה! הראיון שלך למשרת ${isolate(input.jobTitle)} ב-${isolate(input.companyName)} התקבל.`,
            'בקישור הזה אפשר לראות בכל עת באיזה שלב נמצאת המועמדות שלך.',
          ]
        : [
            `Thank you! Your interview for ${isolate(input.jobTitle)} at ${isolate(input.companyName)} was received.`,
            'Follow your application at any time with this link.',
          ],
      linkLabel: he ? 'מעקב אחר המועמדות' : 'Follow your application',
      outro: [
        he
          ? 'הקישור אישי ומיועד לך בלבד; אין צורך בסיסמה.'
          : 'The link is yours alone; no password is needed.',
      ],
      // Sent in the company's name: signed by it, via Candid, as its invitations are.
      ...sender.signature,
    },
    {
      link: input.link,
      ...sender.values,
    },
  );
}
