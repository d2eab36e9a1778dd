import {
  getApplicationStage,
  resolveStatusStages,
  type ApplicationStatusResponse,
  type Language,
} from '@candid/domain';
import type { Db, DbTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getInterviewJob, type InterviewJob } from '../jobs/interview-job';
import { enqueueMails } from '../outbox/mail-queue';
import { findApplicantByStatusToken } from '../applicant-records/applicant-store';
import { hashStatusToken } from '../applicants/status-link';
import { getOrgBrand } from '../users/org-brand';
import { confirmationEmail } from './application-status.emails';

/** The mail queue's purpose of the confirmation sent when an interview is submitted. */
export const CONFIRMATION_PURPOSE = 'submission-confirmation';

/**
 * What a submit adds, inside its transaction: the confirmation e-mail with the status page link
 * in the candidate's language, queued (the durable queue sends it), for a candidate who gave an
 * address (an `applicant.submitted` subscriber). The token's hash is written with the submit.
 */
export async function queueSubmissionConfirmation(
  tx: Db | DbTx,
  input: {
    statusLink: string;
    now: Date;
    lang: Language;
    applicant: { id: string; orgId: string; fName: string; email: string };
    job: Pick<InterviewJob, 'title' | 'companyName'>;
  },
): Promise<void> {
  if (!input.applicant.email) return;
  const link = input.statusLink;
  const brand = await getOrgBrand(tx, input.applicant.orgId);
  const email = confirmationEmail({
    lang: input.lang,
    fName: input.applicant.fName,
    jobTitle: input.job.title,
    companyName: input.job.companyName,
    // The status link is an address of this site: the logo's path is made absolute on it.
    logoUrl: brand.logoUrl ? new URL(brand.logoUrl, link).href : '',
    accentColor: brand.accentColor,
    link,
  });
  await enqueueMails(
    tx,
    [
      {
        orgId: input.applicant.orgId,
        purpose: CONFIRMATION_PURPOSE,
        refId: input.applicant.id,
        to: input.applicant.email,
        ...email,
      },
    ],
    input.now,
  );
}

/**
 * `GET application-status?token=`: the stage of the application a status link names, under its
 * job's rules; the job's title and company. An unknown token, or one of an applicant archived
 * or deleted since, is NOT_FOUND_ERR. Notes, ratings and hidden statuses never leave here.
 */
export async function getApplicationStatus(
  db: Db,
  token: string,
): Promise<ApplicationStatusResponse> {
  const row = await findApplicantByStatusToken(db, hashStatusToken(token));
  if (!row || !row.submittedAt || row.archivedAt) throw new AppError('NOT_FOUND_ERR');
  const job = await getInterviewJob(db, row.jobId, { activeOnly: false });
  const { stage, statusCode } = getApplicationStage(
    row.status,
    resolveStatusStages(job.statusStages),
  );
  const brand = await getOrgBrand(db, job.orgId);
  return {
    jobTitle: job.title,
    companyName: job.companyName,
    logoUrl: job.companyLogoUrl || brand.logoUrl,
    brand,
    fName: row.fName,
    stage,
    statusCode,
    submittedAt: row.submittedAt.toISOString(),
  };
}
