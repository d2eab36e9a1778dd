import { subscribe } from '../../lib/domain-events';
import { queueSubmissionConfirmation } from './application-status.service';

/** The candidate's confirmation e-mail with their status page link, queued with the submit. */
export function subscribeApplicationStatus(): void {
  subscribe('applicant.submitted', 'submission-confirmation', (tx, event) =>
    queueSubmissionConfirmation(tx, {
      statusLink: event.statusLink,
      now: event.now,
      lang: event.lang,
      applicant: event.applicant,
      job: event.job,
    }),
  );
}
