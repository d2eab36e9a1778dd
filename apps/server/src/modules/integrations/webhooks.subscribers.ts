import { subscribe } from '../../lib/domain-events';
import { emitApplicantEvent } from './webhooks.service';

/** The applicant events an organisation's webhook endpoints receive, queued with the change. */
export function subscribeWebhooks(): void {
  subscribe('applicant.created', 'webhooks', (tx, { applicant, now, invited }) =>
    emitApplicantEvent(tx, 'applicant.created', applicant, now, invited ? { invited } : {}),
  );
  subscribe('applicant.submitted', 'webhooks', (tx, { applicant, now }) =>
    emitApplicantEvent(tx, 'applicant.submitted', applicant, now),
  );
  subscribe('applicant.status_changed', 'webhooks', (tx, { applicant, now, previousStatus }) =>
    emitApplicantEvent(tx, 'applicant.status_changed', applicant, now, { previousStatus }),
  );
}
