import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RESUME_CODE_LENGTH, type Language } from '@candid/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicantResumeCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../activities/activities.service';
import type { InterviewJob } from '../jobs/interview-job';
import { enqueueMails } from '../outbox/mail-queue';
import { markApplicantResumed, type ApplicantRow } from '../applicant-records/applicant-store';
import { getOrgBrand } from '../users/org-brand';
import { resumeCodeEmail } from './resume-code.emails';

/** A resume code lives 15 minutes, like the other e-mailed codes. */
export const RESUME_CODE_TTL_MS = 15 * 60 * 1000;
/** The 5th wrong try kills a code; a new one must be asked for. */
export const RESUME_CODE_MAX_WRONG_TRIES = 5;
/**
 * A code is not replaced (nor e-mailed again) sooner than this after the last one: starting
 * again with the same details several times in a row sends one e-mail, not one per click.
 */
export const RESUME_CODE_RESEND_AFTER_MS = 30 * 1000;
/**
 * A quit recorded this shortly before the candidate resumes was the page going away for a
 * reload or a crash: it leaves the timeline (see docs/interview-resilience.md).
 */
export const QUIT_FORGOTTEN_WITHIN_MS = 10 * 60 * 1000;

/** The mail queue's purpose of a resume code. */
export const RESUME_CODE_PURPOSE = 'interview-resume-code';

function codeHash(secret: string, applicantId: string, code: string): string {
  const key = createHmac('sha256', secret).update('candid/resume-codes').digest();
  return createHmac('sha256', key).update(`${applicantId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * E-mails a fresh code for the applicant's unfinished interview, unless one went out in the
 * last {@link RESUME_CODE_RESEND_AFTER_MS}. The code replaces any earlier one; only its HMAC is
 * stored. Returns whether an e-mail was queued.
 */
export async function sendResumeCode(
  deps: { db: Db; secret: string; now: Date; publicUrl: string },
  applicant: Pick<ApplicantRow, 'id' | 'orgId' | 'fName' | 'email'>,
  job: Pick<InterviewJob, 'title' | 'companyName'>,
  lang: Language,
): Promise<boolean> {
  const { db, now } = deps;
  const [live] = await db
    .select({ createdAt: applicantResumeCodes.createdAt })
    .from(applicantResumeCodes)
    .where(eq(applicantResumeCodes.applicantId, applicant.id));
  if (live && now.getTime() - live.createdAt.getTime() < RESUME_CODE_RESEND_AFTER_MS) return false;
  const code = String(randomInt(0, 10 ** RESUME_CODE_LENGTH)).padStart(RESUME_CODE_LENGTH, '0');
  const values = {
    codeHash: codeHash(deps.secret, applicant.id, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + RESUME_CODE_TTL_MS),
    createdAt: now,
  };
  // The organisation's brand leads, as in every e-mail to the candidate.
  const brand = await getOrgBrand(db, applicant.orgId);
  const email = resumeCodeEmail({
    lang,
    fName: applicant.fName,
    jobTitle: job.title,
    companyName: job.companyName,
    code,
    ttlMinutes: RESUME_CODE_TTL_MS / 60_000,
    logoUrl: brand.logoUrl ? new URL(brand.logoUrl, deps.publicUrl).href : '',
    accentColor: brand.accentColor,
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(applicantResumeCodes)
      .values({ applicantId: applicant.id, ...values })
      .onConflictDoUpdate({ target: applicantResumeCodes.applicantId, set: values });
    await enqueueMails(
      tx,
      [
        {
          orgId: applicant.orgId,
          purpose: RESUME_CODE_PURPOSE,
          refId: applicant.id,
          to: applicant.email,
          ...email,
        },
      ],
      now,
    );
  });
  return true;
}

/**
 * Uses up the applicant's resume code when `code` is it (live, not expired, fewer than
 * {@link RESUME_CODE_MAX_WRONG_TRIES} wrong tries). A wrong code counts a try; anything but
 * the right live code is CONFIRMATION_CODE_MISMATCH_ERR (the same answer whatever is wrong, so
 * nothing tells whether a code was issued), and nothing else changes.
 */
export async function consumeResumeCode(
  deps: { db: Db; secret: string; now: Date },
  applicantId: string,
  code: string,
): Promise<void> {
  const { db, now } = deps;
  const [row] = await db
    .select()
    .from(applicantResumeCodes)
    .where(eq(applicantResumeCodes.applicantId, applicantId));
  if (!row || row.expiresAt <= now || row.attempts >= RESUME_CODE_MAX_WRONG_TRIES) {
    throw new AppError('CONFIRMATION_CODE_MISMATCH_ERR');
  }
  if (!sameHash(codeHash(deps.secret, applicantId, code), row.codeHash)) {
    await db
      .update(applicantResumeCodes)
      .set({ attempts: sql`${applicantResumeCodes.attempts} + 1` })
      .where(eq(applicantResumeCodes.applicantId, applicantId));
    throw new AppError('CONFIRMATION_CODE_MISMATCH_ERR');
  }
  // Deleted only if still the same code: a concurrent request that used it first wins.
  const deleted = await db
    .delete(applicantResumeCodes)
    .where(
      sql`${applicantResumeCodes.applicantId} = ${applicantId} and ${applicantResumeCodes.codeHash} = ${row.codeHash}`,
    )
    .returning({ applicantId: applicantResumeCodes.applicantId });
  if (deleted.length === 0) throw new AppError('CONFIRMATION_CODE_MISMATCH_ERR');
}

/**
 * The candidate is back in their unfinished interview: the timeline shows it, a quit recorded
 * before is cleared (taken off the timeline when it was a reload or a crash moments ago), and
 * the activity log has an entry.
 */
export async function resumeApplicant(
  db: Db,
  row: ApplicantRow,
  job: Pick<InterviewJob, 'id' | 'orgId'>,
  now: Date,
): Promise<ApplicantRow> {
  const updated = await markApplicantResumed(db, row.id, now, QUIT_FORGOTTEN_WITHIN_MS);
  await recordActivity(db, {
    type: 'resume',
    target: 'interview',
    userId: null,
    orgId: job.orgId,
    desc: `${row.fName} ${row.lName}`.trim(),
    meta: { applicantId: row.id, jobId: job.id },
    date: now,
  });
  return updated;
}
