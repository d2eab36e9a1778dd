import { describe, expect, it } from 'vitest';
import { toPublicJob } from '../jobs/job-api.schemas';
import { defaultJob, isDescriptionShown } from '../jobs/job.rules';
import {
  getJobErrorSummaryKey,
  getJobIssues,
  jobInputSchema,
  questionInputSchema,
} from './job-input';
import { templateQuestionInputSchema } from './template-input';
import {
  isRichTextBlank,
  JOB_DESC_MAX_CHARS,
  QUESTION_DESC_MAX_CHARS,
  richTextLength,
} from './rich-text';
import { VALIDATION_KEYS } from './validation-keys';

const para = (chars: number) => `<p>${'a'.repeat(chars)}</p>`;

describe('rich text limits', () => {
  it('counts text, not markup: an entity or a line break is one character', () => {
    expect(richTextLength('<p><strong>ab</strong> &amp; c<br>d</p><ul><li>e</li></ul>')).toBe(9);
  });

  it('reads markup without text as blank', () => {
    expect(isRichTextBlank('<p></p><p>&nbsp; </p>')).toBe(true);
    expect(isRichTextBlank('<p>a</p>')).toBe(false);
  });

  const quest = (desc: string) => ({
    id: 'q1',
    txt: 'Why us?',
    desc,
    ansRule: {
      isVidAns: true,
      isScreenAns: false,
      isTxtAns: false,
      isImgAns: false,
      isCodeAns: false,
    },
    timeLimit: 2,
  });

  it('refuses a question description over its limit, in jobs and templates', () => {
    expect(questionInputSchema.safeParse(quest(para(QUESTION_DESC_MAX_CHARS))).success).toBe(true);
    for (const schema of [questionInputSchema, templateQuestionInputSchema]) {
      const result = schema.safeParse(quest(para(QUESTION_DESC_MAX_CHARS + 1)));
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['desc'],
          message: VALIDATION_KEYS.TEXT_TOO_LONG_VALIDATE,
        }),
      ]);
    }
  });

  it('refuses a job description over its limit', () => {
    const job = (desc: string) => ({
      info: { title: 'Dev', desc },
      company: { name: 'Acme' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [quest('')],
    });
    expect(jobInputSchema.safeParse(job(para(JOB_DESC_MAX_CHARS))).success).toBe(true);
    const result = jobInputSchema.safeParse(job(para(JOB_DESC_MAX_CHARS + 1)));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['info.desc', VALIDATION_KEYS.TEXT_TOO_LONG_VALIDATE],
    ]);
  });
});

describe('a description shown to candidates', () => {
  const job = (info: Record<string, unknown>) => ({
    info: { title: 'Dev', ...info },
    company: { name: 'Acme' },
    rule: { isCvRequired: false, isOneTry: true },
    quests: [
      {
        id: 'q1',
        txt: 'Why us?',
        ansRule: {
          isVidAns: true,
          isScreenAns: false,
          isTxtAns: false,
          isImgAns: false,
          isCodeAns: false,
        },
        timeLimit: 2,
      },
    ],
  });

  it('is required while shown: empty or markup without text is missing', () => {
    for (const desc of ['', '<p></p>', '<p>&nbsp;</p>', undefined]) {
      expect(getJobIssues(job({ desc, isDescShown: true })), String(desc)).toEqual([
        { path: 'info.desc', key: VALIDATION_KEYS.REQUIRED_VALIDATE },
      ]);
    }
    expect(getJobErrorSummaryKey(job({ desc: '', isDescShown: true }))).toBe(
      VALIDATION_KEYS.REQUIRED_FIELDS_MISSING,
    );
    expect(getJobIssues(job({ desc: '<p>Build things</p>', isDescShown: true }))).toEqual([]);
  });

  it('is not required when hidden or, for older jobs, left out', () => {
    expect(getJobIssues(job({ desc: '', isDescShown: false }))).toEqual([]);
    expect(getJobIssues(job({ desc: '' }))).toEqual([]);
  });

  it('reaches candidates only when shown', () => {
    const content = (info: Record<string, unknown>) => ({
      _id: 'j1',
      info: { title: 'Dev', location: '', coverUrl: '', desc: '<p>About</p>', ...info },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [],
    });
    expect(toPublicJob(content({ isDescShown: false })).info.desc).toBe('');
    expect(toPublicJob(content({ isDescShown: true })).info.desc).toBe('<p>About</p>');
    expect(toPublicJob(content({})).info.desc).toBe('<p>About</p>');
    expect(isDescriptionShown({ desc: '' })).toBe(false);
    expect(defaultJob().info.isDescShown).toBe(false);
  });
});
