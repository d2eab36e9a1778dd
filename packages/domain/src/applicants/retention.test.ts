import { describe, expect, it } from 'vitest';
import {
  applicantExportFileName,
  canManageRetention,
  isRetentionCandidate,
  isRetentionDue,
  retentionCutoff,
  retentionPreviewQuerySchema,
  updateRetentionBodySchema,
} from './retention';

const NOW = new Date('2026-08-31T12:00:00.000Z');

describe('retentionCutoff', () => {
  it.each([
    [3, '2026-05-31T12:00:00.000Z'],
    [6, '2026-02-28T12:00:00.000Z'],
    [12, '2025-08-31T12:00:00.000Z'],
    [24, '2024-08-31T12:00:00.000Z'],
  ])('%i months before %s', (months, cutoff) => {
    expect(retentionCutoff(NOW, months).toISOString()).toBe(cutoff);
  });
});

describe('isRetentionDue', () => {
  const old = new Date('2025-01-01T00:00:00.000Z');
  const recent = new Date('2026-08-01T00:00:00.000Z');
  it.each([
    ['archived long ago', { status: 3, archivedAt: old, updatedAt: recent }, true],
    [
      'archived recently, changed long ago',
      { status: 1, archivedAt: recent, updatedAt: old },
      false,
    ],
    ['not a fit, unchanged for long', { status: 1, archivedAt: null, updatedAt: old }, true],
    ['not interested, unchanged for long', { status: 6, archivedAt: null, updatedAt: old }, true],
    ['not a fit, changed recently', { status: 1, archivedAt: null, updatedAt: recent }, false],
    ['hired, old and active', { status: 7, archivedAt: null, updatedAt: old }, false],
    ['need evaluation, old and active', { status: 0, archivedAt: null, updatedAt: old }, false],
  ])('%s → %s', (_name, applicant, due) => {
    expect(isRetentionDue(applicant, NOW, 6)).toBe(due);
  });

  it('counts archived and rejected applicants only', () => {
    expect(isRetentionCandidate({ status: 2, archivedAt: null })).toBe(false);
    expect(isRetentionCandidate({ status: 2, archivedAt: '2026-01-01T00:00:00.000Z' })).toBe(true);
  });
});

describe('retention inputs and rules', () => {
  it.each([[3], [6], [12], [24], [null]])('accepts %j months', (months) => {
    expect(updateRetentionBodySchema.safeParse({ retentionMonths: months }).success).toBe(true);
  });
  it.each([[0], [5], [36], ['6'], [6.5], [undefined]])('refuses %j months', (months) => {
    expect(updateRetentionBodySchema.safeParse({ retentionMonths: months }).success).toBe(false);
  });
  it('reads the dry run period from the query', () => {
    expect(retentionPreviewQuerySchema.parse({ months: '12' })).toEqual({ months: 12 });
    expect(retentionPreviewQuerySchema.safeParse({ months: '7' }).success).toBe(false);
  });
  it('leaves the period to the owner', () => {
    expect(canManageRetention({ orgRole: 'owner' })).toBe(true);
    expect(canManageRetention({ orgRole: 'member' })).toBe(false);
    expect(canManageRetention({})).toBe(false);
  });
  it('names the export without personal data', () => {
    expect(applicantExportFileName('abc', NOW)).toBe('applicant-abc-2026-08-31.zip');
  });
});
