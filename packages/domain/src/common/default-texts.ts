import type { Language } from './constants';

/**
 * The texts Candid writes into a recruiter's job or template for them (keys
 * untitled-job, company, question), in the recruiter's language. They are stored as text, so
 * candidates see what the recruiter saw, whatever the candidate's own language.
 */
export interface DefaultTexts {
  /** A new job's title, and what an empty title becomes (untitled-job). */
  untitledJob: string;
  /** What an empty company name becomes (company). */
  company: string;
  /** What an empty question text becomes (question). */
  question: string;
  /** The default question of a new job. */
  introQuestion: string;
  introQuestionDesc: string;
  /** Prefix of a template saved without a title. */
  unnamedTemplate: string;
  /** The one criterion of a new job's scorecard, and an empty first criterion. */
  overallCriterion: string;
  /** An empty criterion after the first becomes "{criterion} N". */
  criterion: string;
}

const DEFAULT_TEXTS: Record<Language, DefaultTexts> = {
  en: {
    untitledJob: 'Untitled job',
    company: 'company',
    question: 'question',
    introQuestion: 'Introduce yourself',
    introQuestionDesc: 'Tell us a bit about yourself',
    unnamedTemplate: 'Unnamed Template',
    overallCriterion: 'Overall',
    criterion: 'Criterion',
  },
  he: {
    untitledJob: 'משרה ללא שם',
    company: 'חברה',
    question: 'שאלה',
    introQuestion: 'הציגו את עצמכם',
    introQuestionDesc: 'ספרו לנו קצת על עצמכם',
    unnamedTemplate: 'תבנית ללא שם',
    overallCriterion: 'התרשמות כללית',
    criterion: 'קריטריון',
  },
};

/** The default texts of `lang` (English for anything unknown). */
export function getDefaultTexts(lang: string | null | undefined): DefaultTexts {
  return lang === 'he' ? DEFAULT_TEXTS.he : DEFAULT_TEXTS.en;
}
