import { describe, expect, it } from 'vitest';
import {
  defaultQuestion,
  defaultTemplateQuestion,
  optionFallbackText,
  questionSchema,
} from './question.schemas';
import { needsScreen } from './question.rules';
import { answerRuleFor } from './answer-rule';

describe('default questions', () => {
  it('the job editor default: "Introduce yourself", video, 5 minutes', () => {
    const q = defaultQuestion('q1');
    expect(q).toEqual({
      id: 'q1',
      txt: 'Introduce yourself',
      desc: 'Tell us a bit about yourself',
      vidUrl: null,
      ansRule: answerRuleFor('video'),
      timeLimit: 5,
    });
    expect(questionSchema.safeParse(q).success).toBe(true);
  });

  it('the template editor default: the same question with 1 minute', () => {
    expect(defaultTemplateQuestion('q2')).toMatchObject({
      id: 'q2',
      txt: 'Introduce yourself',
      timeLimit: 1,
    });
  });

  it('gets a random 6-character id when none is given', () => {
    expect(defaultQuestion().id).toMatch(/^[A-Za-z0-9]{6}$/u);
    expect(defaultQuestion().id).not.toBe(defaultQuestion().id);
  });
});

describe('questionSchema', () => {
  const base = defaultQuestion('q1');
  it.each([
    ['two answer types', { ansRule: { ...base.ansRule, isTxtAns: true } }],
    ['a zero time limit', { timeLimit: 0 }],
    ['no id', { id: '' }],
    ['options without text field', { opts: [{ isCorrect: true }] }],
  ])('rejects %s', (_name, overrides) => {
    expect(questionSchema.safeParse({ ...base, ...overrides }).success).toBe(false);
  });

  it('accepts options and defaults isCorrect to false', () => {
    const parsed = questionSchema.parse({
      ...base,
      ansRule: answerRuleFor('multipleChoice'),
      opts: [{ txt: 'A', isCorrect: true }, { txt: 'B' }],
    });
    expect(parsed.opts).toEqual([
      { txt: 'A', isCorrect: true },
      { txt: 'B', isCorrect: false },
    ]);
  });
});

describe('optionFallbackText', () => {
  it.each([
    [0, 'Option 1'],
    [1, 'Option 2'],
    [9, 'Option 10'],
  ])('index %i → %s', (index, text) => {
    expect(optionFallbackText(index)).toBe(text);
  });
});

describe('needsScreen', () => {
  it.each([
    [['video'], false],
    [['video', 'screen'], true],
    [[], false],
  ] as const)('%j → %s', (types, expected) => {
    expect(needsScreen(types.map((type) => ({ ansRule: answerRuleFor(type) })))).toBe(expected);
  });
});
