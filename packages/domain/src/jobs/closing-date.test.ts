import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import {
  acceptsStartedInterview,
  CLOSED_JOB_GRACE_MS,
  getClosingDateIssue,
  getDeadlineReminderAt,
  isJobClosed,
} from './closing-date';
import { toPublicJob } from './job-api.schemas';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('isJobClosed', () => {
  it.each([
    [null, false],
    [undefined, false],
    [at(1), false],
    [at(0), true],
    [at(-1), true],
  ])('closesAt %s → %s', (closesAt, closed) => {
    expect(isJobClosed(closesAt, NOW)).toBe(closed);
  });
});

describe('acceptsStartedInterview (the grace rule)', () => {
  it.each([
    [null, true],
    [at(60_000), true],
    [at(-CLOSED_JOB_GRACE_MS + 1), true],
    [at(-CLOSED_JOB_GRACE_MS), false],
    [at(-CLOSED_JOB_GRACE_MS * 2), false],
  ])('closesAt %s → %s', (closesAt, accepted) => {
    expect(acceptsStartedInterview(closesAt, NOW)).toBe(accepted);
  });
});

describe('getClosingDateIssue', () => {
  it.each([
    ['none', null, null, null],
    ['removed', null, at(-1000), null],
    ['future', at(60_000), null, null],
    ['past, new', at(-60_000), null, VALIDATION_KEYS.CLOSING_DATE_PAST_VALIDATE],
    ['now, new', at(0), null, VALIDATION_KEYS.CLOSING_DATE_PAST_VALIDATE],
    ['past, changed', at(-60_000), at(-120_000), VALIDATION_KEYS.CLOSING_DATE_PAST_VALIDATE],
    ['past, unchanged (a closed job is still editable)', at(-60_000), at(-60_000), null],
  ])('%s', (_name, next, previous, issue) => {
    expect(getClosingDateIssue(next, previous, NOW)).toBe(issue);
  });

  it('compares instants, not spellings', () => {
    expect(getClosingDateIssue('2026-03-01T14:00:00+02:00', '2026-03-01T12:00:00.000Z', NOW)).toBe(
      null,
    );
  });
});

describe('getDeadlineReminderAt', () => {
  it('is 24 hours before the closing date', () => {
    expect(getDeadlineReminderAt(new Date('2026-03-12T09:30:00Z')).toISOString()).toBe(
      '2026-03-11T09:30:00.000Z',
    );
  });
});

describe('toPublicJob', () => {
  const job = {
    _id: 'job-1',
    info: { title: 'T', location: '', desc: '', coverUrl: '' },
    company: { name: 'Acme', logoUrl: '' },
    rule: { isCvRequired: false, isOneTry: true },
    quests: [],
  };
  it('says closed from the closing date on', () => {
    expect(toPublicJob({ ...job, closesAt: at(0) }, NOW)).toMatchObject({ isClosed: true });
    expect(toPublicJob({ ...job, closesAt: at(1) }, NOW)).toMatchObject({ isClosed: false });
    expect(toPublicJob(job, NOW)).toMatchObject({ isClosed: false, closesAt: null });
  });
});
