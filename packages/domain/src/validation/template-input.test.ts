import { describe, expect, it } from 'vitest';
import { answerRuleFor } from '../jobs/answer-rule';
import { defaultTemplateQuestion } from '../jobs/question.schemas';
import { issuesOf } from '../testing/issues';
import { templateInputSchema } from './template-input';

const quest = (changes: Record<string, unknown> = {}) => ({
  ...defaultTemplateQuestion('q1'),
  ...changes,
});
const template = (changes: Record<string, unknown> = {}) => ({
  title: 'Sales rep',
  quests: [quest()],
  ...changes,
});

describe('templateInputSchema', () => {
  it('a template with a default question is valid', () => {
    expect(issuesOf(templateInputSchema, template())).toEqual([]);
  });

  it.each([
    ['empty title', template({ title: ' ' }), ['title: validation.REQUIRED_VALIDATE']],
    [
      'empty question title',
      template({ quests: [quest({ txt: '' })] }),
      ['quests.0.txt: validation.REQUIRED_VALIDATE'],
    ],
    ['no questions', template({ quests: [] }), ['quests: validation.QUESTIONS_REQUIRED']],
    [
      'missing time limit',
      template({ quests: [quest({ timeLimit: '' })] }),
      ['quests.0.timeLimit: validation.REQUIRED_VALIDATE'],
    ],
    [
      'time limit 0',
      template({ quests: [quest({ timeLimit: 0 })] }),
      ['quests.0.timeLimit: validation.OUT_OF_RANGE_VALIDATE'],
    ],
    [
      'time limit 31',
      template({ quests: [quest({ timeLimit: 31 })] }),
      ['quests.0.timeLimit: validation.OUT_OF_RANGE_VALIDATE'],
    ],
  ])('%s → %j', (_name, input, issues) => {
    expect(issuesOf(templateInputSchema, input)).toEqual(issues);
  });

  it.each([
    [1, true],
    [30, true],
    [15, true],
  ])('time limit %i accepted: %s', (timeLimit, ok) => {
    expect(
      templateInputSchema.safeParse(template({ quests: [quest({ timeLimit })] })).success,
    ).toBe(ok);
  });

  it.each([
    ['video', []],
    ['screen', []],
    ['text', []],
    ['code', []],
    ['image', ['quests.0.ansRule: validation.ANSWER_TYPE_NOT_ACCEPTED']],
    ['multipleChoice', ['quests.0.ansRule: validation.ANSWER_TYPE_NOT_ACCEPTED']],
  ] as const)('answer type %s → %j', (type, issues) => {
    expect(
      issuesOf(
        templateInputSchema,
        template({ quests: [quest({ ansRule: answerRuleFor(type) })] }),
      ),
    ).toEqual(issues);
  });

  it('text and code together get a single message', () => {
    const ansRule = { ...answerRuleFor('text'), isCodeAns: true };
    expect(issuesOf(templateInputSchema, template({ quests: [quest({ ansRule })] }))).toEqual([
      'quests.0.ansRule: validation.ANSWER_TYPE_REQUIRED',
    ]);
  });
});
