import { subscribe } from '../../lib/domain-events';
import { provideOwnerJobCounts } from '../users/owner-job-counts';
import { countJobsByOwner, countJobsOfOwner, transferJobOwnership } from './jobs.service';

/**
 * A deleted user's jobs go to their successor, in the deletion's transaction; and the users
 * module's team screen and deletion preview count a user's jobs through this module.
 */
export function subscribeJobs(): void {
  provideOwnerJobCounts({ byOwner: countJobsByOwner, ofOwner: countJobsOfOwner });
  subscribe('user.handing_over', 'jobs', (tx, { fromUserId, toUserId }) =>
    transferJobOwnership(tx, fromUserId, toUserId),
  );
}
