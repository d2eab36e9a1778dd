import { describe, expect, it } from 'vitest';
import { makeJob } from '../testing/fixtures';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { answerRuleFor } from './answer-rule';
import {
  cloneJobBodySchema,
  createJobBodySchema,
  fillJobBlanks,
  fillQuestionBlanks,
  jobListQuerySchema,
  jobSaveInputSchema,
  publicJobSchema,
  toPublicJob,
  updateJobsBodySchema,
} from './job-api.schemas';

const question = (overrides: Record<string, unknown> = {}) => ({
  txt: 'Q',
  ansRule: answerRuleFor('video'),
  timeLimit: 5,
  ...overrides,
});
const job = (overrides: Record<string, unknown> = {}) => ({
  info: { title: 'Engineer' },
  company: { name: 'Acme' },
  rule: { isCvRequired: false, isOneTry: true },
  quests: [question()],
  ...overrides,
});

describe('fillQuestionBlanks', () => {
  it('keeps given ids once and makes the missing, blank and repeated ones', () => {
    const filled = fillQuestionBlanks(
      [{ id: 'a' }, { id: ' ' }, {}, { id: 'a' }, 'not a question'],
      5,
    ) as { id?: string }[];
    expect(filled[0]!.id).toBe('a');
    const made = filled.slice(1, 4).map((quest) => quest.id);
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(new Set(['a', ...made]).size).toBe(4);
    expect(filled[4]).toBe('not a question');
  });

  it('gives a missing time limit the default and empty options "Option N"', () => {
    const [quest] = fillQuestionBlanks(
      [{ id: 'q', opts: [{ txt: '' }, { txt: 'B' }, { txt: '  ', isCorrect: true }] }],
      1,
    ) as { timeLimit: number; opts: { txt: string }[] }[];
    expect(quest!.timeLimit).toBe(1);
    expect(quest!.opts.map((opt) => opt.txt)).toEqual(['Option 1', 'B', 'Option 3']);
    expect(fillQuestionBlanks('x', 5)).toBe('x');
  });
});

describe('jobSaveInputSchema (defaults, then the job rules)', () => {
  it('fills empty and missing title, company and question texts', () => {
    const parsed = jobSaveInputSchema.parse(
      job({ info: {}, company: { name: '  ' }, quests: [question({ txt: undefined })] }),
    );
    expect(parsed.info.title).toBe('Untitled job');
    expect(parsed.company.name).toBe('company');
    expect(parsed.quests[0]!.txt).toBe('question');
    expect(parsed.quests[0]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('drops what a save must not carry (applicants, owner, dates)', () => {
    const parsed = jobSaveInputSchema.parse({ ...makeJob(), _id: 'job1' });
    expect(parsed).not.toHaveProperty('applicants');
    expect(parsed).not.toHaveProperty('owner');
    expect(parsed).not.toHaveProperty('createdAt');
  });

  it('still refuses screen recording with retakes', () => {
    const result = jobSaveInputSchema.safeParse(
      job({
        rule: { isCvRequired: false, isOneTry: false },
        quests: [question({ ansRule: answerRuleFor('screen') })],
      }),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES,
    );
  });

  it('leaves wrongly typed values for validation to report', () => {
    expect(fillJobBlanks({ info: { title: 5 }, company: {}, quests: [] })).toMatchObject({
      info: { title: 5 },
    });
    expect(jobSaveInputSchema.safeParse(job({ info: { title: 5 } })).success).toBe(false);
    expect(jobSaveInputSchema.safeParse(null).success).toBe(false);
  });
});

describe('job call bodies and queries', () => {
  it('treats an empty or null viewAsId as none', () => {
    expect(createJobBodySchema.parse({ job: job(), viewAsId: '' }).viewAsId).toBeUndefined();
    expect(createJobBodySchema.parse({ job: job(), viewAsId: null }).viewAsId).toBeUndefined();
    expect(createJobBodySchema.parse({ job: job(), viewAsId: 'u2' }).viewAsId).toBe('u2');
    expect(cloneJobBodySchema.parse(undefined)).toEqual({ viewAsId: undefined });
    expect(cloneJobBodySchema.parse(null)).toEqual({ viewAsId: undefined });
  });

  it('requires an id on each updated job and at least one job', () => {
    expect(updateJobsBodySchema.safeParse({ jobs: [job()] }).success).toBe(false);
    expect(updateJobsBodySchema.safeParse({ jobs: [] }).success).toBe(false);
    expect(updateJobsBodySchema.safeParse({ jobs: [job({ _id: 'j1' })] }).success).toBe(true);
  });

  it.each([
    [{}, { field: 'createdAt', order: 'desc' }],
    [{ sort: 'title' }, { field: 'title', order: 'asc' }],
    [{ sort: 'location:desc' }, { field: 'location', order: 'desc' }],
  ])('reads the sort %o', (query, sort) => {
    expect(jobListQuerySchema.parse(query)).toMatchObject({
      sort,
      txt: '',
      showArchived: false,
      currPage: 1,
      itemsPerPage: 30,
    });
  });

  it.each(['owner', 'title:up'])('rejects the sort %s', (sort) => {
    expect(jobListQuerySchema.safeParse({ sort }).success).toBe(false);
  });
});

describe('toPublicJob', () => {
  it('keeps what a candidate needs and drops owner, applicants, dates and correct answers', () => {
    const source = makeJob({
      quests: [
        {
          ...makeJob().quests[0]!,
          ansRule: answerRuleFor('multipleChoice'),
          opts: [
            { txt: 'A', isCorrect: true },
            { txt: 'B', isCorrect: false },
          ],
        },
      ],
    });
    const publicJob = toPublicJob(source);
    expect(Object.keys(publicJob).sort()).toEqual([
      '_id',
      'closesAt',
      'company',
      'info',
      'isClosed',
      'quests',
      'rule',
    ]);
    expect(publicJob.quests[0]!.opts).toEqual([{ txt: 'A' }, { txt: 'B' }]);
    expect(JSON.stringify(publicJob)).not.toContain('isCorrect');
    expect(publicJobSchema.safeParse(publicJob).success).toBe(true);
    expect(source.quests[0]!.opts![0]!.isCorrect).toBe(true);
  });
});
