import { hasPermission } from './plans';
import type { Feature, PermissionSubject } from './plans';

/** The ways a candidate can answer a question. */
export const ANSWER_TYPES = ['video', 'screen', 'text', 'image', 'code', 'multipleChoice'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/**
 * The `ansRule` flag that stands for each answer type on the wire. The spec names
 * five flags; multiple choice gets its own optional flag so it is a type of its own.
 */
export const ANSWER_RULE_FLAGS = {
  video: 'isVidAns',
  screen: 'isScreenAns',
  text: 'isTxtAns',
  image: 'isImgAns',
  code: 'isCodeAns',
  multipleChoice: 'isMultiChoiceAns',
} as const satisfies Record<AnswerType, string>;
export type AnswerRuleFlag = (typeof ANSWER_RULE_FLAGS)[AnswerType];

/** The feature that unlocks each answer type. */
export const ANSWER_TYPE_FEATURES = {
  video: 'VIDEO_ANSWER',
  screen: 'SCREEN_ANSWER',
  text: 'TEXT_ANSWER',
  image: 'IMAGE_ANSWER',
  code: 'CODE_ANSWER',
  multipleChoice: 'MULTIPLE_CHOICE_ANSWER',
} as const satisfies Record<AnswerType, Feature>;

/** Whether the user's plan (or overrides) permits an answer type; others show disabled. */
export function isAnswerTypeAllowed(user: PermissionSubject, type: AnswerType): boolean {
  return hasPermission(user, ANSWER_TYPE_FEATURES[type]);
}

/** The answer types the user may choose, in {@link ANSWER_TYPES} order. */
export function getAllowedAnswerTypes(user: PermissionSubject): AnswerType[] {
  return ANSWER_TYPES.filter((type) => isAnswerTypeAllowed(user, type));
}

/** i18n key of an answer type's display name. */
export function answerTypeLabelKey(type: AnswerType): `answerTypes.${AnswerType}` {
  return `answerTypes.${type}`;
}

/** English answer type names. */
export const ANSWER_TYPE_I18N_EN: Record<`answerTypes.${AnswerType}`, string> = {
  'answerTypes.video': 'Video',
  'answerTypes.screen': 'Screen recording',
  'answerTypes.text': 'Text',
  'answerTypes.image': 'Image',
  'answerTypes.code': 'Code',
  'answerTypes.multipleChoice': 'Multiple choice',
};
