import { z } from 'zod';
import { idSchema } from '../common/ids';
import { isAnswerRuleAccepted } from '../templates/template.rules';
import { answerRuleSchema, countAnswerTypes } from '../jobs/answer-rule';
import { VALIDATION_KEYS } from './validation-keys';
import { requiredString } from './primitives';
import { QUESTION_DESC_MAX_CHARS, richTextSchema } from './rich-text';
import { questionOptionInputSchema, thinkTimeInputSchema, timeLimitInputSchema } from './job-input';

/**
 * A template question: title required, an accepted answer type (video or screen,
 * text, or code), time limit 1–30 minutes.
 */
export const templateQuestionInputSchema = z.object({
  id: z.string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE }).trim().min(1, {
    error: VALIDATION_KEYS.REQUIRED_VALIDATE,
  }),
  txt: requiredString,
  desc: richTextSchema(QUESTION_DESC_MAX_CHARS),
  vidUrl: z.string().nullable().default(null),
  // A rule without exactly one type already has ANSWER_TYPE_REQUIRED; one message is enough.
  ansRule: answerRuleSchema.refine(
    (rule) => countAnswerTypes(rule) !== 1 || isAnswerRuleAccepted(rule),
    { error: VALIDATION_KEYS.ANSWER_TYPE_NOT_ACCEPTED },
  ),
  timeLimit: timeLimitInputSchema,
  thinkTimeSec: thinkTimeInputSchema,
  opts: z.array(questionOptionInputSchema).optional(),
});
export type TemplateQuestionInput = z.infer<typeof templateQuestionInputSchema>;

/**
 * A template as saved: title required and at least one valid question. The editor
 * runs applyTemplateDefaults first, so a blank title is saved as "Unnamed Template …".
 */
export const templateInputSchema = z.object({
  _id: idSchema.optional(),
  title: requiredString,
  coverUrl: z.string().default(''),
  isDefault: z.boolean().optional(),
  quests: z
    .array(templateQuestionInputSchema)
    .min(1, { error: VALIDATION_KEYS.QUESTIONS_REQUIRED }),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;
