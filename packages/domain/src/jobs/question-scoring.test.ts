import { describe, expect, it } from 'vitest';
import { answerRuleFor } from './answer-rule';
import { isChoiceCorrect, scoreAnswers } from './question-scoring';

const choice = (id: string, scoring?: 'none' | 'scored' | 'knockout', knockoutStatus?: number) => ({
  id,
  ansRule: answerRuleFor('multipleChoice'),
  opts: [
    { txt: 'Yes', isCorrect: true },
    { txt: 'No', isCorrect: false },
  ],
  scoring,
  knockoutStatus,
});

describe('scoreAnswers', () => {
  const quests = [
    choice('a', 'knockout', 1),
    choice('b', 'scored'),
    choice('c'),
    choice('d', 'scored'),
  ];

  it.each([
    ['all right', { a: [0], b: [0], d: [0] }, 100, null],
    ['a scored one wrong', { a: [0], b: [1], d: [0] }, 67, null],
    ['a scored one unanswered (counts as wrong)', { a: [0], b: [0] }, 67, null],
    ['the knockout wrong', { a: [1], b: [0], d: [0] }, 67, { questId: 'a', status: 1 }],
    ['the knockout unanswered (no knockout)', { b: [0], d: [0] }, 67, null],
  ])('%s', (_name, picks, scorePct, knockout) => {
    const answers = Object.fromEntries(
      Object.entries(picks).map(([id, optIdx]) => [id, { optIdx }]),
    );
    expect(scoreAnswers(quests, answers)).toEqual({ scorePct, knockout });
  });

  it('gives no score to a job that scores nothing, and ignores a question without a right option', () => {
    expect(scoreAnswers([choice('c')], { c: { optIdx: [1] } })).toEqual({
      scorePct: null,
      knockout: null,
    });
    const noRight = { ...choice('x', 'scored'), opts: [{ txt: 'A', isCorrect: false }] };
    expect(scoreAnswers([noRight], { x: { optIdx: [0] } }).scorePct).toBeNull();
  });

  it('needs exactly the correct options chosen', () => {
    const multi = {
      opts: [
        { txt: 'A', isCorrect: true },
        { txt: 'B', isCorrect: true },
        { txt: 'C', isCorrect: false },
      ],
    };
    expect(isChoiceCorrect(multi, [1, 0])).toBe(true);
    expect(isChoiceCorrect(multi, [0])).toBe(false);
    expect(isChoiceCorrect(multi, [0, 1, 2])).toBe(false);
  });
});
