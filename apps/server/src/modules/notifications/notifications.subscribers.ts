import { subscribe } from '../../lib/domain-events';
import { queueSubmissionNotices } from './notifications.service';

/** The recruiters' submission e-mails, queued with the submission. */
export function subscribeNotifications(): void {
  subscribe('applicant.submitted', 'submission-notices', (tx, { applicant, job, publicUrl, now }) =>
    queueSubmissionNotices(tx, { publicUrl, now, applicant, job }),
  );
}
