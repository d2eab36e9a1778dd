import type { MediaCheckReportBody, MediaCheckResult } from '@candid/domain';
import type { Db } from '../../db/client';
import { mediaChecks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CandidateScope } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { getOwnApplicant } from '../applicants/applicants.service';
import { appendTimeline } from '../applicant-records/applicant-store';
import { fullName } from '../applicant-records/applicant-access';
import { toMediaCheckResult } from './media-checks.lookups';

/**
 * The device check's outcome (docs/features.md, "The device check"). This module alone reads and
 * writes `media_checks`; the applicant's timeline and the activity log are written through their
 * owners' services.
 */

/**
 * `POST applicant/{id}/media-check`: the candidate reports how the device check ended: passed,
 * or the face check skipped after failing. Stored with the applicant (a new report replaces the
 * last one: the check can run again before the interview), a timeline entry and an activity.
 * Refused with 409 once the interview was submitted or quit: a report is part of starting.
 */
export async function reportMediaCheck(
  deps: { db: Db; now: Date },
  scope: CandidateScope,
  applicantId: string,
  body: MediaCheckReportBody,
): Promise<MediaCheckResult> {
  const { db, now } = deps;
  const applicant = await getOwnApplicant(db, scope, applicantId);
  if (applicant.submittedAt || applicant.quitedAt) {
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message: 'The device check is reported before the interview ends',
    });
  }
  const values =
    body.outcome === 'passed'
      ? { outcome: 'passed' as const, reason: null, faceTries: 0, checkedAt: now }
      : {
          outcome: 'faceSkipped' as const,
          reason: body.reason,
          faceTries: body.faceTries,
          checkedAt: now,
        };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(mediaChecks)
      .values({ applicantId: applicant.id, ...values })
      .onConflictDoUpdate({ target: mediaChecks.applicantId, set: values })
      .returning();
    await appendTimeline(tx, applicant.id, [
      {
        type: 'activity',
        activity: body.outcome === 'passed' ? 'mediaCheckPassed' : 'faceCheckSkipped',
        createdAt: now,
      },
    ]);
    await recordActivity(tx, {
      type: body.outcome === 'passed' ? 'pass' : 'skip',
      target: body.outcome === 'passed' ? 'mediaCheck' : 'faceCheck',
      userId: null,
      orgId: scope.orgId,
      desc: fullName(applicant),
      meta: {
        applicantId: applicant.id,
        jobId: applicant.jobId,
        ...(body.outcome === 'faceSkipped'
          ? { reason: body.reason, faceTries: body.faceTries }
          : {}),
      },
      date: now,
    });
    return saved!;
  });
  return toMediaCheckResult(row);
}
