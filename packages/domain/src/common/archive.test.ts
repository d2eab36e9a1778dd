import { describe, expect, it } from 'vitest';
import { isArchived, isArchivePath, toggleArchivedAt } from './archive';

const NOW = new Date('2024-05-01T10:00:00.000Z');

describe('archive toggle', () => {
  it.each([
    [null, NOW.toISOString()],
    [undefined, NOW.toISOString()],
    ['', NOW.toISOString()],
    ['2024-01-01T00:00:00.000Z', null],
  ])('archivedAt %j → %j', (archivedAt, next) => {
    expect(toggleArchivedAt(archivedAt, NOW)).toBe(next);
  });

  it('isArchived reads archivedAt', () => {
    expect(isArchived({ archivedAt: null })).toBe(false);
    expect(isArchived({ archivedAt: '2024-01-01T00:00:00.000Z' })).toBe(true);
  });

  it.each([
    ['/backoffice/archive/applicant', true],
    ['/backoffice/applicant', false],
    ['/backoffice/job', false],
  ])('%s is an archive view: %s', (path, ok) => {
    expect(isArchivePath(path)).toBe(ok);
  });
});
