import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES } from '../permissions/answer-types';
import type { AnswerType } from '../permissions/answer-types';
import {
  answerRuleFor,
  answerRuleSchema,
  countAnswerTypes,
  getAnswerType,
  isAnswerTypeAllowedForRule,
} from './answer-rule';
import type { AnswerRule } from './answer-rule';

const NONE: AnswerRule = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
};

describe('answerRuleSchema: exactly one answer type', () => {
  it.each<[string, Partial<AnswerRule>, boolean]>([
    ['none', {}, false],
    ['video', { isVidAns: true }, true],
    ['screen', { isScreenAns: true }, true],
    ['text', { isTxtAns: true }, true],
    ['image', { isImgAns: true }, true],
    ['code', { isCodeAns: true }, true],
    ['multiple choice', { isMultiChoiceAns: true }, true],
    ['video and screen', { isVidAns: true, isScreenAns: true }, false],
    ['text and code', { isTxtAns: true, isCodeAns: true }, false],
    ['video and multiple choice', { isVidAns: true, isMultiChoiceAns: true }, false],
    [
      'all',
      { isVidAns: true, isScreenAns: true, isTxtAns: true, isImgAns: true, isCodeAns: true },
      false,
    ],
  ])('%s → valid %s', (_name, flags, ok) => {
    const result = answerRuleSchema.safeParse({ ...NONE, ...flags });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe('validation.ANSWER_TYPE_REQUIRED');
  });

  it('the five spec flags are required; the multiple-choice flag is optional', () => {
    expect(answerRuleSchema.safeParse({ isVidAns: true }).success).toBe(false);
    expect(answerRuleSchema.safeParse({ ...NONE, isVidAns: true }).success).toBe(true);
  });
});

describe('answerRuleFor / getAnswerType', () => {
  it.each(ANSWER_TYPES.map((type) => [type]))(
    '%s round-trips with only its flag set',
    (type: AnswerType) => {
      const rule = answerRuleFor(type);
      expect(countAnswerTypes(rule)).toBe(1);
      expect(getAnswerType(rule)).toBe(type);
      expect(answerRuleSchema.safeParse(rule).success).toBe(true);
    },
  );

  it('no or several flags have no single type', () => {
    expect(getAnswerType(NONE)).toBeNull();
    expect(getAnswerType({ ...NONE, isTxtAns: true, isCodeAns: true })).toBeNull();
  });
});

describe('isAnswerTypeAllowedForRule (screen only with one try)', () => {
  it.each(
    ANSWER_TYPES.flatMap((type) => [
      [type, true, true],
      [type, false, type !== 'screen'],
    ]) as [AnswerType, boolean, boolean][],
  )('%s with isOneTry %s → %s', (type, isOneTry, ok) => {
    expect(isAnswerTypeAllowedForRule(type, { isOneTry })).toBe(ok);
  });
});
