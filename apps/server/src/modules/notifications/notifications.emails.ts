import type { Language } from '@candid/domain';
import { renderEmail, type RenderedEmail } from '../../mail/layout';

function fullName(person: { fName: string; lName: string }): string {
  return `${person.fName} ${person.lName}`.trim();
}

/** One submitted interview, to a recruiter who hears about each (notifications). */
export function submittedEmail(input: {
  lang: Language;
  recipientName: string;
  applicant: { fName: string; lName: string };
  jobTitle: string;
  link: string;
  preferencesLink: string;
}): RenderedEmail {
  const he = input.lang === 'he';
  const who = fullName(input.applicant) || (he ? 'מועמד/ת' : 'A candidate');
  return renderEmail(
    input.lang,
    {
      subject: he
        ? `ראיון חדש: ${who} – ${input.jobTitle}`
        : `New interview: ${who} for ${input.jobTitle}`,
      greeting: he ? `שלום ${input.recipientName},` : `Hi ${input.recipientName},`,
      intro: he
        ? `${who} סיים/ה עכשיו את הראיון למשרת ${input.jobTitle}.`
        : `${who} just submitted their interview for ${input.jobTitle}.`,
      linkLabel: he ? 'לצפייה בראיון' : 'Watch the interview',
      outro: [
        he
          ? `אפשר לקבל סיכום יומי במקום, או להפסיק את ההודעות האלה, בפרופיל: ${input.preferencesLink}`
          : `Prefer one daily digest, or none of these? Change it on your profile: ${input.preferencesLink}`,
      ],
    },
    { link: input.link },
  );
}

/** The daily digest: the interviews submitted since the last one, newest first. */
export function digestEmail(input: {
  lang: Language;
  recipientName: string;
  interviews: { fName: string; lName: string; jobTitle: string; link: string }[];
  total: number;
  overviewLink: string;
  preferencesLink: string;
}): RenderedEmail {
  const he = input.lang === 'he';
  const more = input.total - input.interviews.length;
  const lines = input.interviews.map((interview) => {
    const who = fullName(interview) || (he ? 'מועמד/ת' : 'A candidate');
    return `${who} – ${interview.jobTitle}: ${interview.link}`;
  });
  if (more > 0) lines.push(he ? `ועוד ${more}.` : `And ${more} more.`);
  const subject =
    input.total === 1
      ? he
        ? 'ראיון חדש אחד מאתמול'
        : '1 new interview since yesterday'
      : he
        ? `${input.total} ראיונות חדשים מאתמול`
        : `${input.total} new interviews since yesterday`;
  return renderEmail(
    input.lang,
    {
      subject,
      greeting: he ? `שלום ${input.recipientName},` : `Hi ${input.recipientName},`,
      intro: [
        he
          ? 'אלה הראיונות שהוגשו ביממה האחרונה:'
          : 'These interviews were submitted in the last day:',
        ...lines,
      ],
      linkLabel: he ? 'לכל המועמדים' : 'See all applicants',
      outro: [
        he
          ? `אפשר לקבל הודעה על כל ראיון, או להפסיק את הסיכום, בפרופיל: ${input.preferencesLink}`
          : `Prefer an e-mail per interview, or no digest? Change it on your profile: ${input.preferencesLink}`,
      ],
    },
    { link: input.overviewLink },
  );
}
