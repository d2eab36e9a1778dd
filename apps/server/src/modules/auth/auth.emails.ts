import { PRODUCT_NAME, type Language } from '@candid/domain';
import {
  renderEmail as render,
  type EmailParagraphs as Paragraphs,
  type RenderedEmail,
} from '../../mail/layout';

/** An email ready for the mailer: subject, plain text and HTML in the user's language. */
export type AuthEmail = RenderedEmail;

function greeting(lang: Language, fName: string): string {
  const name = fName.trim();
  if (lang === 'he') return name ? `שלום ${name},` : 'שלום,';
  return name ? `Hi ${name},` : 'Hi,';
}

/**
 * The email-verification email: a link to `/verify-email?token=…` (valid 24 hours) and/or a
 * 6-digit code (valid 15 minutes).
 */
export function verificationEmail(input: {
  lang: Language;
  fName: string;
  link?: string;
  code: string;
}): AuthEmail {
  const { lang } = input;
  const content: Paragraphs =
    lang === 'he'
      ? {
          subject: `אישור כתובת האימייל שלך ב-${PRODUCT_NAME}`,
          greeting: greeting(lang, input.fName),
          intro: input.link
            ? `ברוכים הבאים ל-${PRODUCT_NAME}! כדי להשלים את ההרשמה יש לאשר את כתובת האימייל שלך.`
            : `כדי לאשר את כתובת האימייל שלך ב-${PRODUCT_NAME}, יש להזין את הקוד הבא.`,
          linkLabel: 'אישור כתובת האימייל',
          codeLabel: input.link ? 'אפשר גם להזין את הקוד:' : 'קוד האימות שלך:',
          outro: [
            input.link
              ? 'הקישור בתוקף למשך 24 שעות, והקוד למשך 15 דקות.'
              : 'הקוד בתוקף למשך 15 דקות.',
            'אם לא נרשמת, אפשר להתעלם מהודעה זו.',
          ],
        }
      : {
          subject: `Confirm your ${PRODUCT_NAME} email address`,
          greeting: greeting(lang, input.fName),
          intro: input.link
            ? `Welcome to ${PRODUCT_NAME}! Please confirm your email address to finish signing up.`
            : `Enter this code to confirm your ${PRODUCT_NAME} email address.`,
          linkLabel: 'Confirm email address',
          codeLabel: input.link ? 'Or enter this code:' : 'Your verification code:',
          outro: [
            input.link
              ? 'The link is valid for 24 hours and the code for 15 minutes.'
              : 'The code is valid for 15 minutes.',
            "If you didn't sign up, you can ignore this email.",
          ],
        };
  return render(lang, content, { link: input.link, code: input.code });
}

/** The password-reset code (forgot password, "reset my password"). */
export function resetCodeEmail(input: { lang: Language; fName: string; code: string }): AuthEmail {
  const { lang } = input;
  const content: Paragraphs =
    lang === 'he'
      ? {
          subject: `קוד לאיפוס הסיסמה שלך ב-${PRODUCT_NAME}`,
          greeting: greeting(lang, input.fName),
          intro: 'קיבלנו בקשה לאיפוס הסיסמה שלך.',
          codeLabel: 'קוד האיפוס שלך:',
          outro: [
            'הקוד בתוקף למשך 15 דקות.',
            'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהודעה זו. הסיסמה שלך לא תשתנה.',
          ],
        }
      : {
          subject: `Your ${PRODUCT_NAME} password reset code`,
          greeting: greeting(lang, input.fName),
          intro: 'We received a request to reset your password.',
          codeLabel: 'Your reset code:',
          outro: [
            'The code is valid for 15 minutes.',
            "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
          ],
        };
  return render(lang, content, { code: input.code });
}

/** The one-time login code (forgot password, "send OTP"). */
export function loginCodeEmail(input: { lang: Language; fName: string; code: string }): AuthEmail {
  const { lang } = input;
  const content: Paragraphs =
    lang === 'he'
      ? {
          subject: `קוד הכניסה שלך ל-${PRODUCT_NAME}`,
          greeting: greeting(lang, input.fName),
          intro: `זה קוד חד-פעמי לכניסה ל-${PRODUCT_NAME}.`,
          codeLabel: 'קוד הכניסה שלך:',
          outro: ['הקוד בתוקף למשך 15 דקות.', 'אם לא ניסית להיכנס, אפשר להתעלם מהודעה זו.'],
        }
      : {
          subject: `Your ${PRODUCT_NAME} login code`,
          greeting: greeting(lang, input.fName),
          intro: `Here is your one-time code to log in to ${PRODUCT_NAME}.`,
          codeLabel: 'Your login code:',
          outro: [
            'The code is valid for 15 minutes.',
            "If you didn't try to log in, you can ignore this email.",
          ],
        };
  return render(lang, content, { code: input.code });
}
