import { describe, expect, it } from 'vitest';
import {
  ANSWER_RULE_FLAGS,
  ANSWER_TYPE_FEATURES,
  ANSWER_TYPE_I18N_EN,
  ANSWER_TYPES,
  answerTypeLabelKey,
  getAllowedAnswerTypes,
  isAnswerTypeAllowed,
} from './answer-types';
import type { AnswerType } from './answer-types';
import { PLANS } from './plans';

describe('answer types', () => {
  it('lists the six types mapped to ansRule flags and features', () => {
    expect([...ANSWER_TYPES]).toEqual([
      'video',
      'screen',
      'text',
      'image',
      'code',
      'multipleChoice',
    ]);
    expect(ANSWER_RULE_FLAGS).toEqual({
      video: 'isVidAns',
      screen: 'isScreenAns',
      text: 'isTxtAns',
      image: 'isImgAns',
      code: 'isCodeAns',
      multipleChoice: 'isMultiChoiceAns',
    });
    expect(ANSWER_TYPE_FEATURES).toEqual({
      video: 'VIDEO_ANSWER',
      screen: 'SCREEN_ANSWER',
      text: 'TEXT_ANSWER',
      image: 'IMAGE_ANSWER',
      code: 'CODE_ANSWER',
      multipleChoice: 'MULTIPLE_CHOICE_ANSWER',
    });
  });

  it.each<[number, AnswerType[]]>([
    [PLANS.STARTER, ['video']],
    [PLANS.BASIC, ['video']],
    [PLANS.PROFESSIONAL, ['video', 'screen']],
    [PLANS.ENTERPRISE, ['video', 'screen', 'text', 'image', 'code', 'multipleChoice']],
    [PLANS.ALL_FEATURES, ['video', 'screen', 'text', 'image', 'code', 'multipleChoice']],
  ])('plan %i may use %j', (perm, types) => {
    expect(getAllowedAnswerTypes({ perm })).toEqual(types);
    for (const type of ANSWER_TYPES) {
      expect(isAnswerTypeAllowed({ perm }, type)).toBe(types.includes(type));
    }
  });

  it('an advancedPrm grant unlocks a single answer type', () => {
    const user = { perm: PLANS.STARTER, advancedPrm: { CODE_ANSWER: true } };
    expect(getAllowedAnswerTypes(user)).toEqual(['video', 'code']);
  });

  it.each(ANSWER_TYPES.map((type) => [type]))('%s has a label', (type) => {
    expect(ANSWER_TYPE_I18N_EN[answerTypeLabelKey(type)]).toBeTruthy();
  });
});
