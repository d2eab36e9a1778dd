import { describe, expect, it } from 'vitest';
import {
  applicationStatusResponseSchema,
  DEFAULT_STATUS_STAGES,
  getApplicationStage,
  resolveStatusStages,
  statusStagesInputSchema,
} from './application-stage';

describe('getApplicationStage with the default rules', () => {
  it.each([
    [0, 'received', null],
    [1, 'decision', null],
    [2, 'review', null],
    [3, 'review', null],
    [4, 'review', null],
    [5, 'decision', 5],
    [6, 'decision', null],
    [7, 'decision', 7],
    [42, 'received', null],
  ])('status %i → %s (status shown: %s)', (status, stage, statusCode) => {
    expect(getApplicationStage(status, DEFAULT_STATUS_STAGES)).toEqual({ stage, statusCode });
  });
});

describe("a job's own rules", () => {
  it('override the defaults status by status, and hide a decision name unless it is shown', () => {
    const stages = resolveStatusStages({ '2': 'decisionShown', '7': 'decision' });
    expect(getApplicationStage(2, stages)).toEqual({ stage: 'decision', statusCode: 2 });
    expect(getApplicationStage(7, stages)).toEqual({ stage: 'decision', statusCode: null });
    expect(getApplicationStage(0, stages)).toEqual({ stage: 'received', statusCode: null });
  });

  it('are parsed with defaults for what is left out and refuse unknown stages', () => {
    expect(statusStagesInputSchema.parse({ '1': 'review' })).toEqual({
      ...DEFAULT_STATUS_STAGES,
      1: 'review',
    });
    expect(statusStagesInputSchema.safeParse({ '1': 'rejected' }).success).toBe(false);
    expect(resolveStatusStages(null)).toEqual(DEFAULT_STATUS_STAGES);
  });
});

describe('the status page answer', () => {
  it('has no field for notes, ratings or a hidden status', () => {
    const parsed = applicationStatusResponseSchema.parse({
      jobTitle: 'Designer',
      companyName: 'Acme',
      logoUrl: '',
      fName: 'Dana',
      stage: 'review',
      statusCode: null,
      submittedAt: '2026-01-01T10:00:00.000Z',
      notes: ['internal'],
      status: 3,
    });
    expect(Object.keys(parsed).sort()).toEqual([
      'companyName',
      'fName',
      'jobTitle',
      'logoUrl',
      'stage',
      'statusCode',
      'submittedAt',
    ]);
  });
});
