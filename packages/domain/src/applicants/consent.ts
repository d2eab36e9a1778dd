import { z } from 'zod';
import { LANGUAGES, type Language } from '../common/constants';
import { isoDateSchema } from '../common/date-schemas';

/**
 * The candidates' consent notice: before anything is recorded the candidate reads what is
 * recorded, who sees it, how long it is kept and how to ask for deletion, and agrees or declines.
 * The organisation may write its own text per interview language; a language left blank shows
 * the standard text. Every saved change is a new version (1, 2, …); version 0 is the standard
 * notice of an organisation that never saved one. The applicant keeps the exact text it accepted.
 */

/** Longest notice text in characters (one language). */
export const CONSENT_NOTICE_MAX_LENGTH = 5000;

/** The version of the standard notice, before the organisation saves its own. */
export const STANDARD_CONSENT_VERSION = 0;

const STANDARD_NOTICE: Record<Language, string> = {
  en: [
    'Before you start: what happens to your interview',
    '',
    'What is recorded: your video and voice while you answer, your screen when a question asks you to share it, a photo from your camera, and your written and chosen answers with the details and CV you give.',
    '',
    'Who sees it: only the recruiters of {{company}} who handle this job.',
    '',
    'How long it is kept: {{retention}}',
    '',
    'Deletion: you can ask {{company}} at any time for a copy of your data or to delete it; they can export or delete your application with all its recordings.',
    '',
    'Nothing is recorded until you agree.',
  ].join('\n'),
  he: [
    'לפני שמתחילים: מה קורה לראיון שלך',
    '',
    'מה מוקלט: הווידאו והקול שלך בזמן שאת/ה עונה, המסך שלך כששאלה מבקשת לשתף אותו, תמונה מהמצלמה, והתשובות שכתבת ובחרת יחד עם הפרטים וקורות החיים שמסרת.',
    '',
    'מי רואה את זה: רק המגייסים של {{company}} שמטפלים במשרה הזו.',
    '',
    'כמה זמן זה נשמר: {{retention}}',
    '',
    'מחיקה: אפשר לבקש מ-{{company}} בכל עת עותק של המידע שלך או את מחיקתו; הם יכולים לייצא או למחוק את המועמדות שלך עם כל ההקלטות.',
    '',
    'שום דבר לא מוקלט לפני שהסכמת.',
  ].join('\n'),
};

/** The retention sentence of the standard notice: the organisation's setting, quoted. */
export function retentionSentence(language: Language, retentionMonths: number | null): string {
  if (language === 'he') {
    return retentionMonths === null
      ? 'עד שהארגון מוחק אותו או שביקשת למחוק אותו.'
      : `אם המועמדות נדחית או מועברת לארכיון, היא נמחקת עם ההקלטות ${retentionMonths} חודשים לאחר מכן.`;
  }
  return retentionMonths === null
    ? 'until the organisation deletes it or you ask for its deletion.'
    : `once your application is rejected or archived, it is deleted with its recordings ${retentionMonths} months later.`;
}

/** The standard notice in `language` for an organisation and its retention period. */
export function standardConsentNotice(
  language: Language,
  params: { company: string; retentionMonths: number | null },
): string {
  const company = params.company.trim() || (language === 'he' ? 'הארגון' : 'the organisation');
  return STANDARD_NOTICE[language]
    .replaceAll('{{company}}', company)
    .replace('{{retention}}', retentionSentence(language, params.retentionMonths));
}

/** The notice text a candidate reads: the organisation's own for the language, else standard. */
export function consentNoticeText(
  language: Language,
  params: {
    custom: Partial<Record<Language, string>> | null;
    company: string;
    retentionMonths: number | null;
  },
): string {
  const own = params.custom?.[language]?.trim();
  return own ? own : standardConsentNotice(language, params);
}

const noticeTextSchema = z.string().max(CONSENT_NOTICE_MAX_LENGTH);

/** What the candidate is shown: the version and the text in each interview language. */
export const publicConsentNoticeSchema = z.object({
  version: z.number().int().min(0),
  texts: z.object({ en: z.string(), he: z.string() }),
});
export type PublicConsentNotice = z.infer<typeof publicConsentNoticeSchema>;

/** `GET org/consent-notice`: the current version, the organisation's texts and the standard ones. */
export const consentNoticeSettingsSchema = z.object({
  version: z.number().int().min(0),
  /** The organisation's own text per language; empty: the standard text is shown. */
  texts: z.object({ en: z.string(), he: z.string() }),
  standard: z.object({ en: z.string(), he: z.string() }),
  savedAt: isoDateSchema.nullable(),
});
export type ConsentNoticeSettings = z.infer<typeof consentNoticeSettingsSchema>;

export const updateConsentNoticeBodySchema = z.object({
  texts: z.object({ en: noticeTextSchema, he: noticeTextSchema }),
});
export type UpdateConsentNoticeBody = z.infer<typeof updateConsentNoticeBodySchema>;

/** The candidate's agreement sent when the interview starts: the version it read. */
export const candidateConsentSchema = z.object({
  version: z.number().int().min(0).max(1_000_000),
  language: z.enum(LANGUAGES),
});
export type CandidateConsent = z.infer<typeof candidateConsentSchema>;

/** What the recruiter sees of an applicant's consent: when, which version, the exact text. */
export const applicantConsentSchema = z.object({
  choice: z.enum(['accepted']),
  at: isoDateSchema,
  version: z.number().int().min(0),
  text: z.string(),
});
export type ApplicantConsent = z.infer<typeof applicantConsentSchema>;
