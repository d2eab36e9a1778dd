import { DIGEST_INTERVAL_MS, DIGEST_MAX_LISTED, isReviewer, type Language } from '@candid/domain';
import type { Db, DbTx } from '../../db/client';
import type { MailQueue } from '../outbox/mail-queue';
import { enqueueMails } from '../outbox/mail-queue';
import { listSubmittedBetween } from '../applicant-records/applicant-reminders';
import { findAssignedJobIds, listJobViewerIds } from '../jobs/job-reviewers';
import {
  claimDigest,
  findDueDigests,
  findSubmissionRecipients,
  type NotifiedUser,
} from '../users/users.notifications';
import { digestEmail, submittedEmail } from './notifications.emails';

/** Names the mail queue's rows of submission e-mails and digests. */
export const SUBMITTED_PURPOSE = 'submitted_notice';
export const DIGEST_PURPOSE = 'submitted_digest';
/** Digests prepared per sweep (the next sweep takes the rest). */
const DIGEST_BATCH = 100;

function languageOf(user: Pick<NotifiedUser, 'language'>): Language {
  return user.language === 'he' ? 'he' : 'en';
}

function nameOf(user: Pick<NotifiedUser, 'fName' | 'email'>): string {
  return user.fName.trim() || user.email;
}

/** The back office's page of one applicant, and the profile where the e-mails are chosen. */
export function applicantLink(publicUrl: string, jobId: string, applicantId: string): string {
  return new URL(`/backoffice/details/${jobId}/${applicantId}`, publicUrl).toString();
}
function preferencesLink(publicUrl: string): string {
  return new URL('/user', publicUrl).toString();
}

/**
 * What a submit adds, inside its transaction (notifications): an e-mail to each
 * recruiter of the organisation who hears about every interview of this job, in their language,
 * queued in the durable mail queue. Digest readers get it in their next digest.
 */
export async function queueSubmissionNotices(
  tx: Db | DbTx,
  input: {
    publicUrl: string;
    now: Date;
    applicant: { id: string; orgId: string; fName: string; lName: string };
    job: { id: string; ownerId: string; title: string };
  },
): Promise<number> {
  // A reviewer hears only of the jobs they are assigned to, whatever their choice says; who sees
  // the job is read only when a reviewer is among the recipients.
  const candidates = await findSubmissionRecipients(tx, input.applicant.orgId, input.job.ownerId);
  const seeing = candidates.some(isReviewer)
    ? new Set(await listJobViewerIds(tx, input.applicant.orgId, input.job.id))
    : null;
  const recipients = seeing ? candidates.filter((user) => seeing.has(user.id)) : candidates;
  const link = applicantLink(input.publicUrl, input.job.id, input.applicant.id);
  await enqueueMails(
    tx,
    recipients.map((user) => ({
      orgId: input.applicant.orgId,
      purpose: SUBMITTED_PURPOSE,
      refId: input.applicant.id,
      to: user.email,
      ...submittedEmail({
        lang: languageOf(user),
        recipientName: nameOf(user),
        applicant: input.applicant,
        jobTitle: input.job.title,
        link,
        preferencesLink: preferencesLink(input.publicUrl),
      }),
    })),
    input.now,
  );
  return recipients.length;
}

export interface DigestDeps {
  db: Db;
  now: Date;
  publicUrl: string;
  queue: Pick<MailQueue, 'kick'>;
}

/**
 * Sends the daily digests that are due: each recruiter on a digest whose period began a day
 * ago or more gets the interviews submitted in it (theirs or all of the organisation's), when
 * there were any. The period is taken and the mail queued in one transaction, so a digest goes
 * out once with several sweeping processes and a restart loses none. Returns the mails queued.
 */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const due = await findDueDigests(
    deps.db,
    new Date(deps.now.getTime() - DIGEST_INTERVAL_MS),
    DIGEST_BATCH,
  );
  let queued = 0;
  for (const user of due) {
    const { interviews, total } = await listSubmittedBetween(deps.db, {
      orgId: user.orgId,
      ownerId: user.notifyScope === 'all' ? null : user.id,
      jobIds: isReviewer(user) ? await findAssignedJobIds(deps.db, user.id) : null,
      from: user.digestFrom,
      to: deps.now,
      limit: DIGEST_MAX_LISTED,
    });
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, user.id, user.digestFrom, deps.now))) return false;
      if (total === 0) return false;
      const email = digestEmail({
        lang: languageOf(user),
        recipientName: nameOf(user),
        interviews: interviews.map((interview) => ({
          ...interview,
          link: applicantLink(deps.publicUrl, interview.jobId, interview.id),
        })),
        total,
        overviewLink: new URL('/backoffice/applicant', deps.publicUrl).toString(),
        preferencesLink: preferencesLink(deps.publicUrl),
      });
      await enqueueMails(
        tx,
        [{ orgId: user.orgId, purpose: DIGEST_PURPOSE, refId: user.id, to: user.email, ...email }],
        deps.now,
      );
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) void deps.queue.kick();
  return queued;
}
