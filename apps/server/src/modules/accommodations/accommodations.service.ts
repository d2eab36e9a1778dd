import {
  canAskExtraRetakes,
  canRequestAccommodation,
  type Accommodation,
  type AccommodationDecision,
  type AccommodationRequestBody,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accommodations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { authorize, type CandidateScope } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { hasRecordingUpload } from '../interview-uploads/interview-uploads.service';
import { getOwnApplicant } from '../applicants/applicants.service';
import { getInterviewJob } from '../jobs/interview-job';
import { appendTimeline, type ApplicantRow } from '../applicant-records/applicant-store';
import {
  activityMeta,
  findOrgApplicant,
  fullName,
  type Reviewer,
  type ReviewActor,
} from '../applicant-records/applicant-access';
import { toAccommodation } from './accommodations.presenter';
import { findAccommodationRow, getAccommodation } from './accommodations.lookups';

/**
 * Accommodations: a candidate's request for extra time, asked before the first
 * answer and decided once by a recruiter of the applicant's organisation. This module alone
 * reads and writes `accommodations`; the applicant's timeline and the activity log are written
 * through their owners' services.
 */

/** `GET applicant/{id}/accommodation`: the candidate's own request, or null. */
export async function getOwnAccommodation(
  db: Db,
  scope: CandidateScope,
  applicantId: string,
): Promise<Accommodation | null> {
  const applicant = await getOwnApplicant(db, scope, applicantId);
  return getAccommodation(db, applicant.id);
}

/**
 * `PUT applicant/{id}/accommodation`: the candidate asks for extra time and/or extra retakes, or
 * replaces the request still waiting for a decision. Extra retakes are refused (400) on a job
 * with retakes, which already allows as many as the candidate wants. Refused with 409 once the interview started (an answer saved or
 * a recording begun), after it ended, and once the recruiter decided (a decision is final).
 * Recorded on the timeline and in the activity log each time.
 */
export async function requestAccommodation(
  deps: { db: Db; now: Date },
  scope: CandidateScope,
  applicantId: string,
  body: AccommodationRequestBody,
): Promise<{ accommodation: Accommodation; applicant: ApplicantRow }> {
  const { db, now } = deps;
  const applicant = await getOwnApplicant(db, scope, applicantId);
  if (body.extraRetakes !== null) {
    const job = await getInterviewJob(db, applicant.jobId, { activeOnly: false });
    if (!canAskExtraRetakes(job)) {
      throw new AppError('VALIDATION_ERR', {
        message: 'Extra retakes are offered on one-try jobs only: this job allows retakes',
      });
    }
  }
  const current = await findAccommodationRow(db, applicant.id);
  const hasStartedAnswering =
    Object.keys(applicant.answerMap ?? {}).length > 0 ||
    (await hasRecordingUpload(db, applicant.id));
  const isFinished = Boolean(applicant.submittedAt || applicant.quitedAt);
  if (!canRequestAccommodation({ accommodation: current, hasStartedAnswering, isFinished })) {
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message:
        current && current.status !== 'pending'
          ? 'The request was already decided'
          : 'Adjustments are asked for before the interview starts',
    });
  }
  const row = await db.transaction(async (tx) => {
    const values = {
      extraTimePct: body.extraTimePct,
      extraRetakes: body.extraRetakes,
      reason: body.reason,
      status: 'pending' as const,
      requestedAt: now,
    };
    const [saved] = await tx
      .insert(accommodations)
      .values({ applicantId: applicant.id, ...values })
      .onConflictDoUpdate({
        target: accommodations.applicantId,
        set: values,
        // A decision that landed meanwhile stays: nothing is replaced then.
        setWhere: eq(accommodations.status, 'pending'),
      })
      .returning();
    if (!saved) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: 'The request was already decided',
      });
    }
    await appendTimeline(tx, applicant.id, [
      { type: 'activity', activity: 'accommodationRequested', createdAt: now },
    ]);
    return saved;
  });
  await recordActivity(db, {
    type: current ? 'update' : 'create',
    target: 'accommodation',
    userId: null,
    orgId: scope.orgId,
    desc: fullName(applicant),
    meta: {
      applicantId: applicant.id,
      jobId: applicant.jobId,
      extraTimePct: row.extraTimePct,
      extraRetakes: row.extraRetakes,
    },
    date: now,
  });
  return { accommodation: toAccommodation(row), applicant };
}

/**
 * `PUT job/{jobId}/{applicantId}/accommodation`: a recruiter of the applicant's organisation
 * approves or declines the pending request (404 for another organisation's applicant or when
 * none was asked for, 403 when the applicant is locked on the plan, 409 once decided).
 */
export async function decideAccommodation(
  deps: { db: Db; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
  decision: AccommodationDecision,
): Promise<{ accommodation: Accommodation; applicant: ApplicantRow; ownerId: string }> {
  const { db, now } = deps;
  const { applicant, job } = await findOrgApplicant(
    db,
    viewer.orgId,
    params.applicantId,
    params.jobId,
  );
  authorize(viewer, 'applicant.decideAccommodation', applicant);
  const current = await findAccommodationRow(db, applicant.id);
  if (!current) throw new AppError('NOT_FOUND_ERR', { message: 'No adjustment was asked for' });
  const row = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(accommodations)
      .set({ status: decision, decidedAt: now, decidedBy: actor.userId })
      .where(and(eq(accommodations.id, current.id), eq(accommodations.status, 'pending')))
      .returning();
    if (!decided) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: 'The request was already decided',
      });
    }
    await appendTimeline(tx, applicant.id, [
      {
        type: 'activity',
        activity: decision === 'approved' ? 'accommodationApproved' : 'accommodationDeclined',
        createdAt: now,
      },
    ]);
    return decided;
  });
  await recordActivity(db, {
    type: decision === 'approved' ? 'approve' : 'decline',
    target: 'accommodation',
    userId: actor.userId,
    orgId: viewer.orgId,
    desc: fullName(applicant),
    meta: activityMeta(actor, { applicantId: applicant.id, jobId: applicant.jobId }),
    date: now,
  });
  return { accommodation: toAccommodation(row), applicant, ownerId: job.ownerId };
}
