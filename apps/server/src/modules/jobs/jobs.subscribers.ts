import { subscribe } from '../../lib/domain-events';
import { transferJobOwnership } from './jobs.service';

/** A deleted user's jobs go to their successor, in the deletion's transaction. */
export function subscribeJobs(): void {
  subscribe('user.handing_over', 'jobs', (tx, { fromUserId, toUserId }) =>
    transferJobOwnership(tx, fromUserId, toUserId),
  );
}
