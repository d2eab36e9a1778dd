import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  DEADLINE_REMINDER_BEFORE_MS,
  INVITATION_REMINDER_AFTER_MS,
  isJobClosed,
  VALIDATION_KEYS,
  type Language,
  type InvitationResponse,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@candid/domain';
import type { Db } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { viewAsMeta, type StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { getJob } from '../jobs/jobs.service';
import { getOrgBrand } from '../users/org-brand';
import { assertJobOpen, getInterviewJob, type InterviewJob } from '../jobs/interview-job';
import { enqueueMails, findMailAbout, type MailQueue } from '../outbox/mail-queue';
import { publish } from '../../lib/domain-events';
import {
  findInvitedApplicant,
  findJobApplicantEmails,
  insertApplicant,
  markApplicantTimestamp,
} from '../applicant-records/applicant-store';
import {
  claimDeadlineReminder,
  clearReminderDue,
  findDueDeadlineReminders,
  findDueReminders,
  stopApplicantReminders,
} from '../applicant-records/applicant-reminders';
import { deadlineReminderEmail, invitationEmail, reminderEmail } from './invitations.emails';

/** The mail queue's purpose of an invitation e-mail; its follow-up sets the applicant's `sent`. */
export const INVITATION_PURPOSE = 'invitation';

/**
 * The personal link token of an invited applicant: 24 bytes of an HMAC of its id under the
 * server's secret (base64url), so the reminder can carry the same link while only the token's
 * hash is stored (the token cannot be guessed without the secret, nor read from the database).
 */
export function invitationToken(secret: string, applicantId: string): string {
  return createHmac('sha256', secret)
    .update(`invitation:${applicantId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationLink(publicUrl: string, jobId: string, token: string): string {
  return `${publicUrl}/interview/${jobId}?invite=${token}`;
}

/** A path on this site made absolute for an e-mail; an http(s) address as it is. */
function absoluteUrl(publicUrl: string, url: string): string | null {
  if (/^https?:\/\//u.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : null;
}

/** What a reminder says about its job, from the job a candidate answers, in its company's brand. */
async function jobFactsOf(db: Db, publicUrl: string, job: InterviewJob) {
  const brand = await getOrgBrand(db, job.orgId);
  const logoUrl = absoluteUrl(publicUrl, job.companyLogoUrl || brand.logoUrl);
  return {
    jobTitle: job.title,
    companyName: job.companyName,
    quests: job.quests,
    accentColor: brand.accentColor,
    ...(job.closesAt ? { closesAt: job.closesAt } : {}),
    ...(logoUrl ? { logoUrl } : {}),
  };
}

/** The link in a reminder that stops further reminders for that invitation. */
export function stopRemindersLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/invitation/stop?token=${token}`;
}

/** The mail queue's purpose of a reminder. */
export const REMINDER_PURPOSE = 'invitation-reminder';
/** The mail queue's purpose of the reminder a day before the job closes. */
export const DEADLINE_REMINDER_PURPOSE = 'deadline-reminder';

interface InvitationDeps {
  db: Db;
  now: Date;
  publicUrl: string;
  secret: string;
  queue: MailQueue;
}

/**
 * `POST job/{id}/invitations`: one applicant per row (created, not yet sent or opened) with a
 * personal link, and one queued e-mail each, in one transaction: all or nothing. A row whose
 * address already belongs to an applicant of the job refuses the call (400, the row named).
 * The e-mails go out from the durable queue; each one sent sets its applicant's `sent`.
 */
export async function sendInvitations(
  deps: InvitationDeps,
  actor: StaffActor,
  jobId: string,
  body: SendInvitationsBody,
): Promise<SendInvitationsResponse> {
  const { db, now } = deps;
  const job = await getJob(db, actor.orgId, jobId);
  if (job.archivedAt) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  if (isJobClosed(job.closesAt, now)) throw new AppError('JOB_CLOSED_ERR');
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

  const brand = await getOrgBrand(db, actor.orgId);
  const logoUrl = absoluteUrl(deps.publicUrl, job.company.logoUrl || brand.logoUrl);
  const invited = await db.transaction(async (tx) => {
    const created: { id: string; email: string }[] = [];
    for (const row of body.rows) {
      const id = randomUUID();
      const token = invitationToken(deps.secret, id);
      const applicant = await insertApplicant(
        tx,
        {
          id,
          orgId: actor.orgId,
          jobId: job._id,
          fName: row.fName,
          lName: row.lName,
          email: row.email,
          phone: row.phone,
          inviteTokenHash: hashInvitationToken(token),
          reminderDueAt: body.remind
            ? new Date(now.getTime() + INVITATION_REMINDER_AFTER_MS)
            : null,
          remindersWanted: body.remind,
          status: 0,
          isFree: false,
          answerMap: {},
          createdAt: now,
          updatedAt: now,
        },
        [{ type: 'activity', activity: 'created', createdAt: now }],
      );
      await publish(tx, 'applicant.created', { applicant, now, invited: true });
      const email = invitationEmail({
        lang: body.language,
        fName: row.fName,
        subject: body.subject,
        message: body.message,
        link: invitationLink(deps.publicUrl, job._id, token),
        jobTitle: job.info.title,
        companyName: job.company.name,
        quests: job.quests,
        ...(body.remind ? { stopLink: stopRemindersLink(deps.publicUrl, token) } : {}),
        ...(job.closesAt ? { closesAt: new Date(job.closesAt) } : {}),
        ...(logoUrl ? { logoUrl } : {}),
        accentColor: brand.accentColor,
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
      ...viewAsMeta(actor),
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
 * interview was already submitted or archived, is NOT_FOUND_ERR (the public link still works);
 * a closed job's is JOB_CLOSED_ERR.
 */
export async function openInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<InvitationResponse> {
  const row = await findInvitedApplicant(db, hashInvitationToken(token));
  if (!row || row.submittedAt || row.archivedAt) throw new AppError('NOT_FOUND_ERR');
  // A closed job's link says so (JOB_CLOSED_ERR) and does not count as opened.
  assertJobOpen(await getInterviewJob(db, row.jobId, { activeOnly: false }), now);
  await markApplicantTimestamp(db, row.id, 'opened', now);
  return {
    jobId: row.jobId,
    info: { fName: row.fName, lName: row.lName, email: row.email, phone: row.phone },
  };
}

/**
 * Sends the reminders that are due: to each invited applicant whose reminder time has come and
 * who has not submitted, quit, been archived or asked for no more, one e-mail with the same
 * personal link, in the language and with the subject of their invitation. Each reminder is
 * queued in the same transaction that clears its due time, so it goes out once.
 */
export async function sendDueReminders(
  deps: Omit<InvitationDeps, 'queue'> & { queue: MailQueue },
): Promise<number> {
  const due = await findDueReminders(deps.db, deps.now, 100);
  let queued = 0;
  for (const applicant of due) {
    const invitation = await findMailAbout(deps.db, applicant.id, INVITATION_PURPOSE);
    const job = await getInterviewJob(deps.db, applicant.jobId, { activeOnly: false });
    // Once the job has closed, or the deadline reminder already went out, this one would only
    // repeat it or point at a closed page: it is dropped.
    if (isJobClosed(job.closesAt, deps.now) || applicant.deadlineRemindedAt) {
      await clearReminderDue(deps.db, applicant.id);
      continue;
    }
    const lang: Language = invitation?.locale === 'he' ? 'he' : 'en';
    const token = invitationToken(deps.secret, applicant.id);
    const email = reminderEmail({
      lang,
      fName: applicant.fName,
      subject: invitation?.subject ?? job.title,
      ...(await jobFactsOf(deps.db, deps.publicUrl, job)),
      link: invitationLink(deps.publicUrl, applicant.jobId, token),
      stopLink: stopRemindersLink(deps.publicUrl, token),
      // The deadline reminder is still to come when the job closes more than a day from now.
      deadlineReminderFollows:
        !!job.closesAt && job.closesAt.getTime() - deps.now.getTime() > DEADLINE_REMINDER_BEFORE_MS,
    });
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await clearReminderDue(tx, applicant.id))) return false;
      await enqueueMails(
        tx,
        [
          {
            orgId: applicant.orgId,
            purpose: REMINDER_PURPOSE,
            refId: applicant.id,
            to: applicant.email,
            ...email,
          },
        ],
        deps.now,
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) void deps.queue.kick();
  return queued;
}

/**
 * Sends the deadline reminders that are due (`findDueDeadlineReminders`: a day before an active
 * job closes, to invited people who have not finished, stopped reminders or had it, and were
 * invited before that day began), in the language and with the subject of their invitation.
 * Each is queued in the transaction that marks it taken, so it goes out once even with several
 * sweeping processes.
 */
export async function sendDueDeadlineReminders(deps: InvitationDeps): Promise<number> {
  const due = await findDueDeadlineReminders(deps.db, deps.now, DEADLINE_REMINDER_BEFORE_MS, 100);
  let queued = 0;
  for (const applicant of due) {
    if (!applicant.closesAt) continue;
    const invitation = await findMailAbout(deps.db, applicant.id, INVITATION_PURPOSE);
    const job = await getInterviewJob(deps.db, applicant.jobId, { activeOnly: false });
    const lang: Language = invitation?.locale === 'he' ? 'he' : 'en';
    const token = invitationToken(deps.secret, applicant.id);
    const email = deadlineReminderEmail({
      lang,
      fName: applicant.fName,
      subject: invitation?.subject ?? job.title,
      ...(await jobFactsOf(deps.db, deps.publicUrl, job)),
      closesAt: applicant.closesAt,
      link: invitationLink(deps.publicUrl, applicant.jobId, token),
      stopLink: stopRemindersLink(deps.publicUrl, token),
    });
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimDeadlineReminder(tx, applicant.id, deps.now))) return false;
      await enqueueMails(
        tx,
        [
          {
            orgId: applicant.orgId,
            purpose: DEADLINE_REMINDER_PURPOSE,
            refId: applicant.id,
            to: applicant.email,
            ...email,
          },
        ],
        deps.now,
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) void deps.queue.kick();
  return queued;
}

/**
 * `GET invitation/stop?token=`: no more reminders for that invitation. Answers whether a
 * reminder was stopped (an unknown token stops nothing) and the language of the invitation.
 */
/**
 * Whether `token` is an invitation's, and the language of its e-mail, changing nothing: the
 * stop link's page asks before it stops (a mail scanner opening every link must not).
 */
export async function findReminderStop(
  db: Db,
  token: string,
): Promise<{ found: boolean; lang: Language }> {
  const row = await findInvitedApplicant(db, hashInvitationToken(token));
  if (!row) return { found: false, lang: 'en' };
  const invitation = await findMailAbout(db, row.id, INVITATION_PURPOSE);
  return { found: true, lang: invitation?.locale === 'he' ? 'he' : 'en' };
}

export async function stopReminders(
  db: Db,
  token: string,
  now: Date,
): Promise<{ stopped: boolean; lang: Language }> {
  const row = await findInvitedApplicant(db, hashInvitationToken(token));
  if (!row) return { stopped: false, lang: 'en' };
  await stopApplicantReminders(db, row.id, now);
  const invitation = await findMailAbout(db, row.id, INVITATION_PURPOSE);
  return { stopped: true, lang: invitation?.locale === 'he' ? 'he' : 'en' };
}
