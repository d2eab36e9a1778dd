import type { Db } from '../../db/client';

/**
 * How many jobs users own: the team screen shows each member's, the account deletion's preview
 * the deleted user's. The jobs table belongs to `modules/jobs`, a layer above this one, so the
 * jobs module provides the counts when the app is built (`subscribeJobs`) and this module asks
 * through this port instead of importing upward (docs/architecture.md, "Server modules in
 * layers").
 */
export interface OwnerJobCounts {
  /**
   * Jobs (active and archived) per owner in an organisation; owners without jobs are absent. With
   * `viewer`, only the jobs they see (a reviewer's assigned ones).
   */
  byOwner(
    db: Db,
    orgId: string,
    viewer?: { assignedJobIds: ReadonlySet<string> | null },
  ): Promise<Map<string, number>>;
  /** Jobs (active and archived) one user owns. */
  ofOwner(db: Db, ownerId: string): Promise<number>;
}

let provided: OwnerJobCounts | null = null;

/** Called once by the jobs module when the app is built. */
export function provideOwnerJobCounts(counts: OwnerJobCounts): void {
  provided = counts;
}

export function ownerJobCounts(): OwnerJobCounts {
  if (!provided) {
    throw new Error('No owner job counts: buildApp registers them through subscribeJobs()');
  }
  return provided;
}
