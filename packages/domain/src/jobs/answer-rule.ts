import { z } from 'zod';
import { ANSWER_RULE_FLAGS, ANSWER_TYPES } from '../permissions/answer-types';
import type { AnswerType } from '../permissions/answer-types';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/** The answer-type flags without the one-type rule, for editor state that is still being built. */
export const answerRuleShapeSchema = z.object({
  isVidAns: z.boolean(),
  isScreenAns: z.boolean(),
  isTxtAns: z.boolean(),
  isImgAns: z.boolean(),
  isCodeAns: z.boolean(),
  /** Not among the product's five flags; optional so rules without it stay valid. */
  isMultiChoiceAns: z.boolean().optional(),
});
export type AnswerRule = z.infer<typeof answerRuleShapeSchema>;

/** How many answer types a rule turns on. */
export function countAnswerTypes(rule: AnswerRule): number {
  return ANSWER_TYPES.filter((type) => rule[ANSWER_RULE_FLAGS[type]] === true).length;
}

/**
 * A question's `ansRule`: exactly one answer-type flag is true
 * (ANSWER_TYPE_REQUIRED otherwise).
 */
export const answerRuleSchema = answerRuleShapeSchema.refine(
  (rule) => countAnswerTypes(rule) === 1,
  { error: VALIDATION_KEYS.ANSWER_TYPE_REQUIRED },
);

/** The answer type a rule stands for, or null when it turns on none or several. */
export function getAnswerType(rule: AnswerRule): AnswerType | null {
  const on = ANSWER_TYPES.filter((type) => rule[ANSWER_RULE_FLAGS[type]] === true);
  return on.length === 1 ? (on[0] ?? null) : null;
}

/**
 * The rule for one answer type (changing the answer type resets the rule to the
 * default with only the chosen flag set).
 */
export function answerRuleFor(type: AnswerType): AnswerRule {
  return {
    isVidAns: type === 'video',
    isScreenAns: type === 'screen',
    isTxtAns: type === 'text',
    isImgAns: type === 'image',
    isCodeAns: type === 'code',
    isMultiChoiceAns: type === 'multipleChoice',
  };
}

/**
 * Whether an answer type may be used given the job's one-try rule: screen recording
 * only with isOneTry; everything else always.
 */
export function isAnswerTypeAllowedForRule(type: AnswerType, rule: { isOneTry: boolean }): boolean {
  return type !== 'screen' || rule.isOneTry;
}
