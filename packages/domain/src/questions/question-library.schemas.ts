import { z } from 'zod';
import { LANGUAGES, type Language } from '../common/constants';
import { isoDateSchema } from '../common/date-schemas';
import { makeRandomId } from '../common/ids';
import { optionalQueryTextSchema } from '../common/query';
import { ANSWER_TYPES } from '../permissions/answer-types';
import { answerRuleFor, answerRuleSchema } from '../jobs/answer-rule';
import type { Question } from '../jobs/question.schemas';
import {
  questionOptionInputSchema,
  thinkTimeInputSchema,
  timeLimitInputSchema,
} from '../validation/job-input';
import { requiredString } from '../validation/primitives';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/** The built-in bank's categories, in the order the picker shows them. */
export const QUESTION_CATEGORIES = [
  'introduction',
  'motivation',
  'teamwork',
  'problemSolving',
  'customerService',
  'sales',
  'engineering',
  'leadership',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

/** A question of the built-in bank: its text in every UI language, a default answer type and time. */
export const bankQuestionSchema = z.strictObject({
  /** Stable, readable id (`intro-about-you`); a question added from it gets a fresh id. */
  id: z.string().regex(/^[a-z0-9-]+$/u),
  category: z.enum(QUESTION_CATEGORIES),
  txt: z.strictObject(
    Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string().trim().min(10)])) as Record<
      Language,
      z.ZodString
    >,
  ),
  answerType: z.enum(ANSWER_TYPES),
  /** Minutes, within the editor's 1–30. */
  timeLimit: z.number().int().min(1).max(30),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

/** A question from the bank as added to a job or template: a new id, its text in `lang`. */
export function questionFromBank(
  item: BankQuestion,
  lang: Language,
  id = makeRandomId(),
): Question {
  return {
    id,
    txt: item.txt[lang],
    desc: '',
    vidUrl: null,
    ansRule: answerRuleFor(item.answerType),
    timeLimit: item.timeLimit,
  };
}

/** An organisation's saved question as the API returns it. */
export const savedQuestionSchema = z.object({
  _id: z.string(),
  txt: z.string(),
  desc: z.string(),
  ansRule: answerRuleSchema,
  timeLimit: z.number(),
  thinkTimeSec: z.number().int().positive().nullish(),
  opts: z.array(z.object({ txt: z.string(), isCorrect: z.boolean() })).optional(),
  createdAt: isoDateSchema,
});
export type SavedQuestion = z.infer<typeof savedQuestionSchema>;

/** The longest question text the library keeps. */
export const SAVED_QUESTION_TEXT_MAX = 1000;

/**
 * Body of `POST question-library`: a question from the job or template editor, as the editor
 * holds it (its id and job-only scoring are not kept). A multiple-choice question needs two
 * options (OPTIONS_REQUIRED on `opts`).
 */
export const savedQuestionInputSchema = z
  .object({
    txt: requiredString.pipe(z.string().max(SAVED_QUESTION_TEXT_MAX)),
    desc: z.string().max(20_000).default(''),
    ansRule: answerRuleSchema,
    timeLimit: timeLimitInputSchema,
    thinkTimeSec: thinkTimeInputSchema,
    opts: z.array(questionOptionInputSchema).max(50).optional(),
  })
  .superRefine((quest, ctx) => {
    if (quest.ansRule.isMultiChoiceAns === true && (quest.opts?.length ?? 0) < 2) {
      ctx.addIssue({ code: 'custom', path: ['opts'], message: VALIDATION_KEYS.OPTIONS_REQUIRED });
    }
  });
export type SavedQuestionInput = z.infer<typeof savedQuestionInputSchema>;

/** How many saved questions one list answer holds at most (newest first). */
export const SAVED_QUESTION_LIST_LIMIT = 200;

/** Query of `GET question-library`: an optional search over the question text. */
export const savedQuestionListQuerySchema = z.object({
  q: optionalQueryTextSchema,
  viewAsId: optionalQueryTextSchema,
});
export type SavedQuestionListQuery = z.infer<typeof savedQuestionListQuerySchema>;

export const savedQuestionListResponseSchema = z.object({
  questions: z.array(savedQuestionSchema),
});
export type SavedQuestionListResponse = z.infer<typeof savedQuestionListResponseSchema>;

/** A saved question added to a job or template: a new id, the rest as saved. */
export function questionFromSaved(saved: SavedQuestion, id = makeRandomId()): Question {
  return {
    id,
    txt: saved.txt,
    desc: saved.desc,
    vidUrl: null,
    ansRule: saved.ansRule,
    timeLimit: saved.timeLimit,
    ...(saved.thinkTimeSec ? { thinkTimeSec: saved.thinkTimeSec } : {}),
    ...(saved.opts ? { opts: saved.opts.map((opt) => ({ ...opt })) } : {}),
  };
}

/**
 * Whether a text matches a picker search: every word of `query` appears in it, ignoring case
 * (Hebrew has no case; the words are matched as typed).
 */
export function matchesQuestionSearch(text: string, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/u).filter(Boolean);
  const haystack = text.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}
