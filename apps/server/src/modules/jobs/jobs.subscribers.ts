import { subscribe } from '../../lib/domain-events';
import { provideOwnerJobCounts } from '../users/owner-job-counts';
import { applyRoleChange } from './job-reviewers';
import { countJobsByOwner, countJobsOfOwner, transferJobOwnership } from './jobs.service';

/**
 * A deleted user's jobs go to their successor, in the deletion's transaction; a member's new
 * role sets which jobs they see; and the users
 * module's team screen and deletion preview count a user's jobs through this module.
 */
export function subscribeJobs(): void {
  provideOwnerJobCounts({ byOwner: countJobsByOwner, ofOwner: countJobsOfOwner });
  subscribe('user.handing_over', 'jobs', (tx, { fromUserId, toUserId }) =>
    transferJobOwnership(tx, fromUserId, toUserId),
  );
  // Who sees which job follows a member's new role (a new reviewer keeps the jobs they own).
  subscribe('user.role_changed', 'job-reviewers', applyRoleChange);
}
