import { subscribe } from '../../lib/domain-events';
import { queueOrganizationErasure } from './review.deletion';

/**
 * An organisation deleted with its last user: its applicants' recordings, CVs and images are
 * queued for removal before its rows cascade, so no file outlives it in storage.
 */
export function subscribeReview(): void {
  subscribe('organization.deleting', 'review', (tx, { orgId, now }) =>
    queueOrganizationErasure(tx, orgId, now),
  );
}
