import { describe, expect, it } from 'vitest';
import { answerRuleFor } from '../jobs/answer-rule';
import { defaultJob } from '../jobs/job.rules';
import { issuesOf } from '../testing/issues';
import {
  getJobErrorSummaryKey,
  getJobIssues,
  jobInputSchema,
  questionInputSchema,
} from './job-input';

function job(
  overrides: { title?: string; company?: string; isOneTry?: boolean; quests?: unknown[] } = {},
) {
  const base = defaultJob({ companyName: 'Acme' });
  return {
    ...base,
    info: { ...base.info, title: overrides.title ?? 'Engineer' },
    company: { ...base.company, name: overrides.company ?? 'Acme' },
    rule: { ...base.rule, isOneTry: overrides.isOneTry ?? true },
    quests: overrides.quests ?? base.quests,
  };
}

const quest = (changes: Record<string, unknown> = {}) => ({
  id: 'q1',
  txt: 'Tell us about a project',
  desc: '',
  vidUrl: null,
  ansRule: answerRuleFor('video'),
  timeLimit: 5,
  ...changes,
});

describe('jobInputSchema', () => {
  it('a default job with a company is valid', () => {
    expect(issuesOf(jobInputSchema, job())).toEqual([]);
  });

  it.each([
    ['empty title', job({ title: '  ' }), ['info.title: validation.REQUIRED_VALIDATE']],
    ['empty company', job({ company: '' }), ['company.name: validation.REQUIRED_VALIDATE']],
    [
      'empty question text',
      job({ quests: [quest({ txt: ' ' })] }),
      ['quests.0.txt: validation.REQUIRED_VALIDATE'],
    ],
    ['no questions', job({ quests: [] }), ['quests: validation.QUESTIONS_REQUIRED']],
    [
      'time limit 0',
      job({ quests: [quest({ timeLimit: 0 })] }),
      ['quests.0.timeLimit: validation.OUT_OF_RANGE_VALIDATE'],
    ],
    [
      'time limit 31',
      job({ quests: [quest({ timeLimit: 31 })] }),
      ['quests.0.timeLimit: validation.OUT_OF_RANGE_VALIDATE'],
    ],
    [
      'time limit 2.5',
      job({ quests: [quest({ timeLimit: 2.5 })] }),
      ['quests.0.timeLimit: validation.OUT_OF_RANGE_VALIDATE'],
    ],
    [
      'no time limit',
      job({ quests: [quest({ timeLimit: undefined })] }),
      ['quests.0.timeLimit: validation.REQUIRED_VALIDATE'],
    ],
    [
      'two answer types',
      job({ quests: [quest({ ansRule: { ...answerRuleFor('video'), isTxtAns: true } })] }),
      ['quests.0.ansRule: validation.ANSWER_TYPE_REQUIRED'],
    ],
    [
      'multiple choice with one option',
      job({ quests: [quest({ ansRule: answerRuleFor('multipleChoice'), opts: [{ txt: 'A' }] })] }),
      ['quests.0.opts: validation.OPTIONS_REQUIRED'],
    ],
  ])('%s → %j', (_name, input, issues) => {
    expect(issuesOf(jobInputSchema, input)).toEqual(issues);
  });

  it.each([
    [true, 'screen', []],
    [false, 'screen', ['quests.1.ansRule: validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES']],
    [false, 'video', []],
    [false, 'text', []],
    [true, 'code', []],
  ] as const)('isOneTry %s with a %s question → %j', (isOneTry, type, issues) => {
    const input = job({
      isOneTry,
      quests: [quest(), quest({ id: 'q2', ansRule: answerRuleFor(type) })],
    });
    expect(issuesOf(jobInputSchema, input)).toEqual(issues);
  });

  it('reports the screen rule together with missing fields', () => {
    const input = job({
      title: '',
      isOneTry: false,
      quests: [quest({ ansRule: answerRuleFor('screen') })],
    });
    expect(issuesOf(jobInputSchema, input)).toEqual([
      'info.title: validation.REQUIRED_VALIDATE',
      'quests.0.ansRule: validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES',
    ]);
  });

  it('trims texts and accepts numeric strings for the time limit', () => {
    const parsed = jobInputSchema.parse(
      job({ title: ' Engineer ', quests: [quest({ timeLimit: '10' })] }),
    );
    expect(parsed.info.title).toBe('Engineer');
    expect(parsed.quests[0]?.timeLimit).toBe(10);
  });

  it('a multiple-choice question with two options is valid', () => {
    expect(
      questionInputSchema.safeParse(
        quest({ ansRule: answerRuleFor('multipleChoice'), opts: [{ txt: 'A' }, { txt: '' }] }),
      ).success,
    ).toBe(true);
  });
});

describe('thinking time', () => {
  it.each([
    [undefined, null],
    [null, null],
    [0, null],
    ['', null],
    [30, 30],
    ['60', 60],
    [600, 600],
  ])('%j is stored as %j', (thinkTimeSec, stored) => {
    const parsed = questionInputSchema.parse(quest({ thinkTimeSec }));
    expect(parsed.thinkTimeSec).toBe(stored);
  });

  it.each([[-5], [601], [1.5], ['soon']])('%j is out of range', (thinkTimeSec) => {
    const result = questionInputSchema.safeParse(quest({ thinkTimeSec }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['thinkTimeSec'],
      message: 'validation.OUT_OF_RANGE_VALIDATE',
    });
  });
});

describe('getJobErrorSummaryKey', () => {
  it.each([
    ['valid', job(), null],
    ['missing title', job({ title: '' }), 'validation.REQUIRED_FIELDS_MISSING'],
    [
      'missing question text',
      job({ quests: [quest({ txt: '' })] }),
      'validation.REQUIRED_FIELDS_MISSING',
    ],
    [
      'screen on multiple tries',
      job({ isOneTry: false, quests: [quest({ ansRule: answerRuleFor('screen') })] }),
      'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES',
    ],
    [
      'missing title and screen on multiple tries',
      job({ title: '', isOneTry: false, quests: [quest({ ansRule: answerRuleFor('screen') })] }),
      'validation.REQUIRED_FIELDS_MISSING',
    ],
    ['garbage', 42, 'validation.INVALID_VALUE'],
  ])('%s → %s', (_name, input, key) => {
    expect(getJobErrorSummaryKey(input)).toBe(key);
  });
});

describe('getJobIssues', () => {
  it('names every missing field once, in the form’s order', () => {
    expect(getJobIssues(job({ title: '', company: ' ', quests: [quest({ txt: '' })] }))).toEqual([
      { path: 'info.title', key: 'validation.REQUIRED_VALIDATE' },
      { path: 'company.name', key: 'validation.REQUIRED_VALIDATE' },
      { path: 'quests.0.txt', key: 'validation.REQUIRED_VALIDATE' },
    ]);
  });

  it('gives other problems their own key and is empty for a valid job', () => {
    expect(
      getJobIssues(job({ isOneTry: false, quests: [quest({ ansRule: answerRuleFor('screen') })] })),
    ).toEqual([{ path: 'quests.0.ansRule', key: 'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES' }]);
    expect(getJobIssues(job({ quests: [] }))).toEqual([
      { path: 'quests', key: 'validation.QUESTIONS_REQUIRED' },
    ]);
    expect(getJobIssues(job())).toEqual([]);
  });
});
