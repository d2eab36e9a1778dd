import { z } from 'zod';
import { JOB_DEFAULT_TIME_LIMIT_MIN, TEMPLATE_DEFAULT_TIME_LIMIT_MIN } from '../common/constants';
import { getDefaultTexts } from '../common/default-texts';
import { makeRandomId } from '../common/ids';
import { answerRuleFor, answerRuleSchema } from './answer-rule';

/** A multiple-choice option. */
export const questionOptionSchema = z.object({
  txt: z.string(),
  isCorrect: z.boolean().default(false),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** An interview question as stored in jobs and templates. */
export const questionSchema = z.object({
  id: z.string().min(1),
  txt: z.string(),
  /** Rich-text HTML; the server sanitises it before storing. */
  desc: z.string().default(''),
  /** Optional video of the recruiter asking the question. */
  vidUrl: z.string().nullable().default(null),
  ansRule: answerRuleSchema,
  /** Minutes the candidate has to answer. */
  timeLimit: z.number().positive(),
  /**
   * Thinking time in seconds before the first take starts by itself (retake jobs); absent or
   * null: reading is not limited and does not count against `timeLimit`.
   */
  thinkTimeSec: z.number().int().positive().nullish(),
  opts: z.array(questionOptionSchema).optional(),
  /**
   * Multiple choice only: `scored` counts toward the applicant's score, `knockout` too and a
   * wrong answer may set `knockoutStatus`; absent or `none`: neither (jobs/question-scoring.ts).
   */
  scoring: z.enum(['none', 'scored', 'knockout']).optional(),
  /** The status (0–7) a wrong knockout answer sets automatically; absent or null: none (default). */
  knockoutStatus: z.number().int().min(0).max(7).nullish(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * The job editor's default question: "Introduce yourself", a video
 * answer, {@link JOB_DEFAULT_TIME_LIMIT_MIN} minutes, in the recruiter's language `lang`.
 */
export function defaultQuestion(id: string = makeRandomId(), lang?: string | null): Question {
  const texts = getDefaultTexts(lang);
  return {
    id,
    txt: texts.introQuestion,
    desc: texts.introQuestionDesc,
    vidUrl: null,
    ansRule: answerRuleFor('video'),
    timeLimit: JOB_DEFAULT_TIME_LIMIT_MIN,
  };
}

/** The template editor's new question: as the job's, with {@link TEMPLATE_DEFAULT_TIME_LIMIT_MIN} minute. */
export function defaultTemplateQuestion(
  id: string = makeRandomId(),
  lang?: string | null,
): Question {
  return { ...defaultQuestion(id, lang), timeLimit: TEMPLATE_DEFAULT_TIME_LIMIT_MIN };
}

/**
 * A question added to a job or template: a video answer with an empty text and
 * description for the recruiter to write (the first question's texts are not copied).
 */
export function addedQuestion(timeLimitMin: number, id: string = makeRandomId()): Question {
  return { ...defaultQuestion(id), txt: '', desc: '', timeLimit: timeLimitMin };
}

/** Text shown for an option left empty: "Option N", N counting from 1. */
export function optionFallbackText(index: number): string {
  return `Option ${index + 1}`;
}
