import { CappedCounts } from '../../db/list-query';

/**
 * Job overview filters (archive view, department) whose count lately reached the cap: a new
 * job only adds to a count; an update (archive, restore, department), a deletion and a deleted
 * department forget the organisation's entries (forgetJobCounts).
 */
export const cappedJobCounts = new CappedCounts();

export function cappedJobCountKey(
  orgId: string,
  filter: { showArchived: boolean; departmentId?: string },
): string {
  return cappedJobCounts.key(orgId, [filter.showArchived, filter.departmentId ?? null]);
}

/** The organisation's jobs changed in a way that can lower a count: count again. */
export function forgetJobCounts(orgId: string): void {
  cappedJobCounts.forget(orgId);
}
