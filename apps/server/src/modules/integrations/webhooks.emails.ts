import { PRODUCT_NAME, type Language, type WebhookDisabledReason } from '@candid/domain';
import { renderEmail, type RenderedEmail } from '../../mail/layout';

/**
 * The e-mail the organisation's owner gets when the sender turns a webhook endpoint off: which
 * address, why (a 410, or every try of a delivery failed), the receiver's last answer, and a
 * link to the integrations screen where it is turned on again. Events are not queued for it
 * meanwhile, so the owner should hear of it the same day.
 */
export function webhookDisabledEmail(input: {
  lang: Language;
  fName: string;
  url: string;
  reason: WebhookDisabledReason;
  lastError: string | null;
  link: string;
}): RenderedEmail {
  const name = input.fName.trim();
  const answer = input.lastError ?? '';
  if (input.lang === 'he') {
    const why =
      input.reason === 'gone'
        ? 'השרת המקבל ענה בקוד 410, כלומר הכתובת כבר לא מקבלת אירועים.'
        : 'כל הניסיונות לשלוח אליו אירוע נכשלו, ושום אירוע לא הגיע אליו מאז.';
    return renderEmail(
      'he',
      {
        subject: `ה-webhook ל-${input.url} הושבת`,
        greeting: name ? `שלום ${name},` : 'שלום,',
        intro: [
          `${PRODUCT_NAME} הפסיקה לשלוח אירועים לכתובת ${input.url}. ${why}`,
          ...(answer ? [`התשובה האחרונה: ${answer}`] : []),
          'אחרי שהשרת המקבל מתוקן, אפשר להפעיל את נקודת הקצה מחדש במסך האינטגרציות:',
        ],
        linkLabel: 'פתיחת האינטגרציות',
        outro: [
          'אירועים שחיכו לשליחה יישלחו אחרי ההפעלה מחדש. אירועים חדשים לא נשמרים עבורה בינתיים.',
        ],
      },
      { link: input.link },
    );
  }
  const why =
    input.reason === 'gone'
      ? 'The receiver answered 410 (Gone): the address no longer takes events.'
      : 'Every try of a delivery failed, and nothing reached it since.';
  return renderEmail(
    'en',
    {
      subject: `Webhook to ${input.url} turned off`,
      greeting: name ? `Hi ${name},` : 'Hi,',
      intro: [
        `${PRODUCT_NAME} stopped sending events to ${input.url}. ${why}`,
        ...(answer ? [`Its last answer: ${answer}`] : []),
        'Once the receiver is fixed, turn the endpoint on again on the integrations screen:',
      ],
      linkLabel: 'Open integrations',
      outro: [
        'Deliveries that were waiting go out once it is on again. New events are not kept for it meanwhile.',
      ],
    },
    { link: input.link },
  );
}
