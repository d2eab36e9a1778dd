import { createHash, randomBytes } from 'node:crypto';
import {
  VALIDATION_KEYS,
  type InvitationResponse,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@candid/domain';
import type { Db } from '../../db/types';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { getJob } from '../jobs/jobs.service';
import { enqueueMails, type MailQueue } from '../outbox/mail-queue';
import {
  findInvitedApplicant,
  findJobApplicantEmails,
  insertApplicant,
  markApplicantTimestamp,
} from '../review/applicant-records';
import { invitationEmail } from './invitations.emails';

/** The mail queue's purpose of an invitation e-mail; its follow-up sets the applicant's `sent`. */
export const INVITATION_PURPOSE = 'invitation';

/** A new personal link token (base64url of 24 random bytes) and the hash stored for it. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationLink(publicUrl: string, jobId: string, token: string): string {
  return `${publicUrl}/interview/${jobId}?invite=${token}`;
}

/**
 * `POST job/{id}/invitations`: one applicant per row (created, not yet sent or opened) with a
 * personal link, and one queued e-mail each, in one transaction: all or nothing. A row whose
 * address already belongs to an applicant of the job refuses the call (400, the row named).
 * The e-mails go out from the durable queue; each one sent sets its applicant's `sent`.
 */
export async function sendInvitations(
  deps: { db: Db; now: Date; publicUrl: string; queue: MailQueue },
  actor: StaffActor,
  jobId: string,
  body: SendInvitationsBody,
): Promise<SendInvitationsResponse> {
  const { db, now } = deps;
  const job = await getJob(db, actor.orgId, jobId);
  if (job.archivedAt) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  const taken = await findJobApplicantEmails(
    db,
    job._id,
    body.rows.map((row) => row.email),
  );
  const issues = body.rows.flatMap((row, index) =>
    taken.has(row.email)
      ? [{ path: `rows.${index}.email`, message: VALIDATION_KEYS.ALREADY_APPLICANT_VALIDATE }]
      : [],
  );
  if (issues.length > 0) throw new AppError('VALIDATION_ERR', { issues });

  const invited = await db.transaction(async (tx) => {
    const created: { id: string; email: string }[] = [];
    for (const row of body.rows) {
      const { token, hash } = newInvitationToken();
      const applicant = await insertApplicant(
        tx,
        {
          orgId: actor.orgId,
          jobId: job._id,
          fName: row.fName,
          lName: row.lName,
          email: row.email,
          phone: row.phone,
          inviteTokenHash: hash,
          status: 0,
          isFree: false,
          answerMap: {},
          createdAt: now,
          updatedAt: now,
        },
        [{ type: 'activity', activity: 'created', createdAt: now }],
      );
      const email = invitationEmail({
        lang: body.language,
        fName: row.fName,
        subject: body.subject,
        message: body.message,
        link: invitationLink(deps.publicUrl, job._id, token),
        jobTitle: job.info.title,
        companyName: job.company.name,
      });
      await enqueueMails(
        tx,
        [
          {
            orgId: actor.orgId,
            purpose: INVITATION_PURPOSE,
            refId: applicant.id,
            to: row.email,
            ...email,
          },
        ],
        now,
      );
      created.push({ id: applicant.id, email: row.email });
    }
    return created;
  });
  await recordActivity(db, {
    type: 'create',
    target: 'applicant',
    userId: actor.user.id,
    orgId: actor.orgId,
    desc: job.info.title,
    meta: {
      jobId: job._id,
      invited: invited.length,
      ...(actor.viewAs ? { viewAsId: actor.viewAs.id } : {}),
    },
    date: now,
  });
  void deps.queue.kick();
  return { invited };
}

/** The queue's follow-up once an invitation e-mail went out: the applicant was sent it. */
export async function markInvitationSent(db: Db, applicantId: string | null, sentAt: Date) {
  if (applicantId) await markApplicantTimestamp(db, applicantId, 'sent', sentAt);
}

/**
 * `GET invitation?token=`: the invited person and job of a personal link, to pre-fill the
 * details form; the first call sets the applicant's `opened`. An unknown token, or one whose
 * interview was already submitted or archived, is NOT_FOUND_ERR (the public link still works).
 */
export async function openInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<InvitationResponse> {
  const row = await findInvitedApplicant(db, hashInvitationToken(token));
  if (!row || row.submittedAt || row.archivedAt) throw new AppError('NOT_FOUND_ERR');
  await markApplicantTimestamp(db, row.id, 'opened', now);
  return {
    jobId: row.jobId,
    info: { fName: row.fName, lName: row.lName, email: row.email, phone: row.phone },
  };
}
