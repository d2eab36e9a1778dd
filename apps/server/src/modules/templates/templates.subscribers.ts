import { subscribe } from '../../lib/domain-events';
import { transferTemplateOwnership } from './templates.service';

/** A deleted user's templates go to their successor, in the deletion's transaction. */
export function subscribeTemplates(): void {
  subscribe('user.handing_over', 'templates', (tx, { fromUserId, toUserId }) =>
    transferTemplateOwnership(tx, fromUserId, toUserId),
  );
}
