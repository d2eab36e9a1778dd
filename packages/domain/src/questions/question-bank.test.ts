import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/constants';
import { getAnswerType } from '../jobs/answer-rule';
import { questionInputSchema } from '../validation/job-input';
import { QUESTION_BANK } from './question-bank';
import {
  QUESTION_CATEGORIES,
  matchesQuestionSearch,
  questionFromBank,
  questionFromSaved,
  savedQuestionInputSchema,
} from './question-library.schemas';

const HEBREW_LETTER = /[\u05D0-\u05EA]/u;
const LATIN_LETTER = /[A-Za-z]/u;

describe('the built-in question bank', () => {
  it('holds at least 40 questions, at least 5 in every category', () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(40);
    for (const category of QUESTION_CATEGORIES) {
      expect(
        QUESTION_BANK.filter((item) => item.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it('has every question in English and in Hebrew script', () => {
    for (const item of QUESTION_BANK) {
      for (const lang of LANGUAGES) expect(item.txt[lang].trim(), item.id).not.toBe('');
      expect(item.txt.en, item.id).toMatch(LATIN_LETTER);
      expect(item.txt.en, item.id).not.toMatch(HEBREW_LETTER);
      expect(item.txt.he, item.id).toMatch(HEBREW_LETTER);
      expect(item.txt.he, item.id).not.toMatch(LATIN_LETTER);
    }
  });

  it('has no duplicate ids or texts', () => {
    const ids = QUESTION_BANK.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const lang of LANGUAGES) {
      const texts = QUESTION_BANK.map((item) => item.txt[lang].toLowerCase());
      expect(new Set(texts).size, lang).toBe(texts.length);
    }
  });

  it('answers mostly by video, with text or code in engineering', () => {
    const video = QUESTION_BANK.filter((item) => item.answerType === 'video').length;
    expect(video / QUESTION_BANK.length).toBeGreaterThan(0.6);
    const engineering = QUESTION_BANK.filter((item) => item.category === 'engineering');
    expect(engineering.some((item) => item.answerType === 'code')).toBe(true);
    expect(QUESTION_BANK.every((item) => ['video', 'text', 'code'].includes(item.answerType))).toBe(
      true,
    );
  });

  it('becomes a valid editor question in either language, with a new id each time', () => {
    for (const item of QUESTION_BANK) {
      for (const lang of LANGUAGES) {
        const quest = questionFromBank(item, lang);
        expect(questionInputSchema.safeParse(quest).success, `${item.id} ${lang}`).toBe(true);
        expect(quest.txt).toBe(item.txt[lang]);
        expect(getAnswerType(quest.ansRule)).toBe(item.answerType);
      }
    }
    const first = QUESTION_BANK[0]!;
    expect(questionFromBank(first, 'en').id).not.toBe(questionFromBank(first, 'en').id);
  });
});

describe('saved questions', () => {
  it('accepts an editor question and refuses a blank text or a lone option', () => {
    const quest = questionFromBank(QUESTION_BANK[0]!, 'he');
    expect(savedQuestionInputSchema.safeParse(quest).success).toBe(true);
    expect(savedQuestionInputSchema.safeParse({ ...quest, txt: '  ' }).success).toBe(false);
    const lone = savedQuestionInputSchema.safeParse({
      ...quest,
      ansRule: { ...quest.ansRule, isVidAns: false, isMultiChoiceAns: true },
      opts: [{ txt: 'Yes', isCorrect: true }],
    });
    expect(lone.success).toBe(false);
    expect(lone.error?.issues[0]?.path).toEqual(['opts']);
  });

  it('adds a saved question with a new id and its options copied', () => {
    const saved = {
      _id: 'abc',
      txt: 'Pick one',
      desc: '',
      ansRule: { ...questionFromBank(QUESTION_BANK[0]!, 'en').ansRule },
      timeLimit: 2,
      opts: [{ txt: 'A', isCorrect: true }],
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const quest = questionFromSaved(saved);
    expect(quest).toMatchObject({ txt: 'Pick one', timeLimit: 2, opts: [{ txt: 'A' }] });
    expect(quest.id).not.toBe('abc');
    expect(quest.opts).not.toBe(saved.opts);
  });

  it('matches a search word by word, ignoring case', () => {
    expect(matchesQuestionSearch('Tell us about a Deal you lost', 'deal LOST')).toBe(true);
    expect(matchesQuestionSearch('ספר/י על עסקה שהפסדת', 'עסקה')).toBe(true);
    expect(matchesQuestionSearch('Tell us about a deal', 'team')).toBe(false);
  });
});
