import { PRODUCT_NAME, type Language } from '@candid/domain';
import { renderEmail, type RenderedEmail } from '../../mail/layout';

/**
 * The email a new member gets: who added them to which organisation, and a link to choose
 * their password (single use, 7 days). No password is sent: whoever reads the mail later, or
 * the owner who added them, cannot sign in as them.
 */
export function memberInvitationEmail(input: {
  lang: Language;
  fName: string;
  inviterName: string;
  orgName: string;
  link: string;
}): RenderedEmail {
  const { lang, inviterName, orgName } = input;
  const name = input.fName.trim();
  if (lang === 'he') {
    return renderEmail(
      lang,
      {
        subject: `${inviterName} הוסיף/ה אותך ל-${orgName} ב-${PRODUCT_NAME}`,
        greeting: name ? `שלום ${name},` : 'שלום,',
        intro: [
          `${inviterName} הוסיף/ה אותך לצוות של ${orgName} ב-${PRODUCT_NAME}: מעכשיו אפשר לעבוד יחד על המשרות, התבניות והמועמדים של הארגון.`,
          'כדי להתחיל, יש לבחור סיסמה:',
        ],
        linkLabel: 'בחירת סיסמה',
        outro: [
          'הקישור בתוקף למשך 7 ימים ולשימוש אחד בלבד.',
          'אם לא ציפית להודעה זו, אפשר להתעלם ממנה.',
        ],
      },
      { link: input.link },
    );
  }
  return renderEmail(
    lang,
    {
      subject: `${inviterName} added you to ${orgName} on ${PRODUCT_NAME}`,
      greeting: name ? `Hi ${name},` : 'Hi,',
      intro: [
        `${inviterName} added you to the ${orgName} team on ${PRODUCT_NAME}: you can now work on the organisation's jobs, templates and applicants together.`,
        'To get started, choose your password:',
      ],
      linkLabel: 'Choose your password',
      outro: [
        'The link is valid for 7 days and works once.',
        "If you weren't expecting this, you can ignore this email.",
      ],
    },
    { link: input.link },
  );
}
