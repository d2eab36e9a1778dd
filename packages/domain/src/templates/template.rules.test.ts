import { describe, expect, it } from 'vitest';
import type { AnswerRule } from '../jobs/answer-rule';
import {
  applyTemplateDefaults,
  defaultTemplateTitle,
  isAnswerRuleAccepted,
  setDefaultTemplate,
} from './template.rules';

describe('defaultTemplateTitle', () => {
  it.each([
    [new Date(2024, 0, 5, 9, 7), 'Unnamed Template 2024-01-05 09:07'],
    [new Date(2024, 11, 31, 23, 59), 'Unnamed Template 2024-12-31 23:59'],
  ])('%s → %s', (now, title) => {
    expect(defaultTemplateTitle(now)).toBe(title);
  });

  it.each([
    ['', 'Unnamed Template 2024-01-05 09:07'],
    ['   ', 'Unnamed Template 2024-01-05 09:07'],
    [' Onboarding ', 'Onboarding'],
  ])('applyTemplateDefaults title %j → %j', (title, out) => {
    expect(applyTemplateDefaults({ title }, new Date(2024, 0, 5, 9, 7)).title).toBe(out);
  });
});

describe('isAnswerRuleAccepted (video, text or code; not text and code)', () => {
  it.each<[string, Partial<AnswerRule>, boolean]>([
    ['nothing chosen', {}, false],
    ['video only', { isVidAns: true }, true],
    ['video and screen', { isVidAns: true, isScreenAns: true }, true],
    ['screen (stored form of video and screen)', { isScreenAns: true }, true],
    ['text', { isTxtAns: true }, true],
    ['code', { isCodeAns: true }, true],
    ['text and code', { isTxtAns: true, isCodeAns: true }, false],
    ['video, text and code', { isVidAns: true, isTxtAns: true, isCodeAns: true }, false],
    ['image only', { isImgAns: true }, false],
    ['multiple choice only', { isMultiChoiceAns: true }, false],
    [
      'all false',
      { isVidAns: false, isScreenAns: false, isTxtAns: false, isImgAns: false, isCodeAns: false },
      false,
    ],
  ])('%s → %s', (_name, rule, ok) => {
    expect(isAnswerRuleAccepted(rule)).toBe(ok);
  });
});

describe('setDefaultTemplate (exclusive)', () => {
  const templates = [
    { _id: 'a', isDefault: true },
    { _id: 'b', isDefault: false },
    { _id: 'c', isDefault: false },
  ];

  it('clears the previous default and sets the new one', () => {
    expect(setDefaultTemplate(templates, 'b')).toEqual([
      { _id: 'a', isDefault: false },
      { _id: 'b', isDefault: true },
      { _id: 'c', isDefault: false },
    ]);
  });

  it('keeps unchanged items as they were', () => {
    const out = setDefaultTemplate(templates, 'a');
    expect(out[0]).toBe(templates[0]);
    expect(out[2]).toBe(templates[2]);
  });
});
