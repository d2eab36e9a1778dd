import { describe, expect, it } from 'vitest';
import { makeJob } from '../testing/fixtures';
import { jobDraftSchema } from './job.schemas';
import {
  applyJobDefaults,
  canRemoveQuestion,
  canShareJob,
  cloneJob,
  defaultJob,
  getInterviewUrl,
} from './job.rules';

describe('defaultJob', () => {
  it('Untitled job, one try, no CV, one default question of 5 minutes, active', () => {
    const job = defaultJob();
    expect(job.info.title).toBe('Untitled job');
    expect(job.rule).toEqual({ isOneTry: true, isCvRequired: false, hasPractice: false });
    expect(job.quests).toHaveLength(1);
    expect(job.quests[0]).toMatchObject({
      txt: 'Introduce yourself',
      desc: 'Tell us a bit about yourself',
      timeLimit: 5,
      ansRule: { isVidAns: true },
    });
    expect(job.archivedAt).toBeNull();
    expect(job._id).toBeUndefined();
    expect(jobDraftSchema.safeParse(job).success).toBe(true);
  });

  it('takes company details and owner when given', () => {
    const owner = { _id: 'u1', fName: 'Rina', lName: 'Cohen' };
    const job = defaultJob({ owner, companyName: 'Acme', logoUrl: 'https://logo' });
    expect(job.company).toEqual({ name: 'Acme', logoUrl: 'https://logo' });
    expect(job.owner).toEqual(owner);
  });
});

describe('applyJobDefaults', () => {
  it.each([
    ['empty title', '', 'Acme', 'Q', 'Untitled job', 'Acme', 'Q'],
    ['blank title', '   ', 'Acme', 'Q', 'Untitled job', 'Acme', 'Q'],
    ['empty company', 'Engineer', '', 'Q', 'Engineer', 'company', 'Q'],
    ['blank question', 'Engineer', 'Acme', ' ', 'Engineer', 'Acme', 'question'],
    ['all empty', '', '', '', 'Untitled job', 'company', 'question'],
    ['nothing empty', 'Engineer', 'Acme', 'Q', 'Engineer', 'Acme', 'Q'],
  ])('%s', (_name, title, companyName, questTxt, outTitle, outCompany, outTxt) => {
    const base = makeJob();
    const job = makeJob({
      info: { ...base.info, title },
      company: { ...base.company, name: companyName },
      quests: base.quests.map((q) => ({ ...q, txt: questTxt })),
    });
    const out = applyJobDefaults(job);
    expect(out.info.title).toBe(outTitle);
    expect(out.company.name).toBe(outCompany);
    expect(out.quests[0]?.txt).toBe(outTxt);
  });

  it('does not change its input', () => {
    const job = makeJob({ info: { ...makeJob().info, title: '' } });
    applyJobDefaults(job);
    expect(job.info.title).toBe('');
  });
});

describe('cloneJob', () => {
  it('drops id, creation date and applicants, unarchives and prefixes the title', () => {
    const job = makeJob({ archivedAt: '2024-05-03T00:00:00.000Z' });
    const copy = cloneJob(job);
    expect(copy._id).toBeUndefined();
    expect(copy.createdAt).toBeUndefined();
    expect(copy.applicants).toEqual([]);
    expect(copy.applicantSummary.applicantCount).toBe(0);
    expect(copy.archivedAt).toBeNull();
    expect(copy.info.title).toBe('copy of Engineer');
    expect(copy.quests).toEqual(job.quests);
    expect(copy.quests[0]).not.toBe(job.quests[0]);
    expect(job._id).toBe('job1');
  });
});

describe('job editor rules', () => {
  it.each([
    [1, false],
    [2, true],
    [5, true],
  ])('with %i question(s) remove is offered: %s', (count, ok) => {
    expect(canRemoveQuestion({ quests: Array.from({ length: count }) })).toBe(ok);
  });

  it.each([
    [{ _id: 'j1' }, false, true],
    [{ _id: 'j1' }, true, false],
    [{}, false, false],
    [{ _id: '' }, false, false],
  ])('share for %j with errors %s → %s', (job, hasErrors, ok) => {
    expect(canShareJob(job, hasErrors)).toBe(ok);
  });

  it('interview link', () => {
    expect(getInterviewUrl('https://candid.example/', 'j 1')).toBe(
      'https://candid.example/interview/j%201',
    );
  });
});
