import type { Language } from '@candid/domain';
import { companySender, isolate, renderEmail, type RenderedEmail } from '../../mail/layout';

/** The code that resumes, on this device, an interview the address already has under way. */
export function resumeCodeEmail(input: {
  lang: Language;
  fName: string;
  jobTitle: string;
  companyName: string;
  code: string;
  ttlMinutes: number;
  /** The organisation's logo as an absolute address (empty: none) and its accent colour. */
  logoUrl?: string;
  accentColor?: string | null;
}): RenderedEmail {
  const he = input.lang === 'he';
  const sender = companySender(input.lang, input);
  const name = isolate(input.fName.trim());
  return renderEmail(
    input.lang,
    {
      subject: he
        ? `הקוד להמשך הראיון שלך: ${input.jobTitle}`
        : `Your code to continue your interview: ${input.jobTitle}`,
      greeting: he ? `שלום ${name},` : `Hi ${name},`,
      intro: he
        ? [
            `התחלת ראיון למשרת ${isolate(input.jobTitle)} ב-${isolate(input.companyName)} עם כתובת הדוא"ל הזו.`,
            'כדי להמשיך אותו מהמקום שבו עצרת, יש להזין את הקוד הזה:',
          ]
        : [
            `You started an interview for ${isolate(input.jobTitle)} at ${isolate(input.companyName)} with this e-mail address.`,
            'To continue it where you left off, enter this code:',
          ],
      codeLabel: he ? 'הקוד שלך:' : 'Your code:',
      outro: [
        he
          ? `הקוד בתוקף ${input.ttlMinutes} דקות. אם לא ביקשת אותו, אפשר להתעלם מההודעה.`
          : `The code is valid for ${input.ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
      ],
      // Sent in the company's name: signed by it, via Candid, as its invitations are.
      ...sender.signature,
    },
    {
      code: input.code,
      ...sender.values,
    },
  );
}
