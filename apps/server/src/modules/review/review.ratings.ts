import {
  defaultScorecard,
  summarizeApplicantRatings,
  type ApplicantRatings,
  type RateApplicantBody,
} from '@candid/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { applicants, ratings, timelineEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';
import { miniUserColumns, ownerJoin } from '../users/users.joins';
import { toMiniUser } from './review.mapping';
import { forgetCappedCounts } from './review.query';
import { activityMeta, fullName, type Reviewer, type ReviewActor } from './review.shared';

/**
 * Ratings and scorecards (issue 15): each reviewer rates an applicant on the criteria of the
 * job's scorecard and each answer, 1–5. The review module owns the `ratings` table and keeps
 * the applicant's denormalised average and reviewer count (the overview's sort and filter) in
 * step, in the same transaction as the rating.
 */

const jobs = jobsTableForJoin();

/** Everyone's ratings of one applicant, oldest first, with the reviewers and the summary. */
export async function getApplicantRatings(
  db: Db | DbTx,
  applicantId: string,
): Promise<ApplicantRatings> {
  const rows = await db
    .select({ rating: ratings, reviewer: miniUserColumns })
    .from(ratings)
    .leftJoin(...ownerJoin(ratings.userId))
    .where(eq(ratings.applicantId, applicantId))
    .orderBy(asc(ratings.createdAt), asc(ratings.id));
  return {
    summary: summarizeApplicantRatings(
      rows.map(({ rating }) => ({
        reviewerId: rating.userId,
        targetType: rating.targetType,
        targetId: rating.targetId,
        score: rating.score,
      })),
    ),
    ratings: rows.map(({ rating, reviewer }) => ({
      reviewer: reviewer ? toMiniUser(reviewer) : null,
      targetType: rating.targetType,
      targetId: rating.targetId,
      score: rating.score,
      updatedAt: rating.updatedAt.toISOString(),
    })),
  };
}

/** The applicant (locked for the transaction) with what of its job a rating is checked against. */
async function findRatedApplicant(tx: DbTx, orgId: string, jobId: string, applicantId: string) {
  if (!isUuid(applicantId) || !isUuid(jobId)) throw new AppError('NOT_FOUND_ERR');
  const [found] = await tx
    .select({
      id: applicants.id,
      orgId: applicants.orgId,
      jobId: applicants.jobId,
      isFree: applicants.isFree,
      fName: applicants.fName,
      lName: applicants.lName,
      scorecard: jobs.scorecard,
      quests: jobs.quests,
    })
    .from(applicants)
    .innerJoin(jobs, jobOf(applicants.jobId))
    .where(
      and(eq(applicants.id, applicantId), eq(applicants.orgId, orgId), eq(applicants.jobId, jobId)),
    )
    .for('update', { of: applicants });
  if (!found) throw new AppError('NOT_FOUND_ERR');
  return found;
}

/**
 * `PUT job/{jobId}/{applicantId}/rating`: sets, changes or clears (`score` null) the caller's
 * own rating of a criterion of the job's scorecard or of one of its questions' answers. The
 * target must be one of the job's (400 otherwise, nothing written); a locked applicant is 403
 * and another organisation's 404. A change writes a rating event on the timeline, an activity,
 * and the applicant's new average and reviewer count, all in one transaction; the same score
 * again, or clearing a rating that is not there, changes nothing.
 */
export async function rateApplicant(
  deps: { db: Db; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
  body: RateApplicantBody,
): Promise<ApplicantRatings> {
  const { db, now } = deps;
  const { targetType, targetId, score } = body;
  const changed = await db.transaction(async (tx) => {
    const applicant = await findRatedApplicant(tx, viewer.orgId, params.jobId, params.applicantId);
    authorize(viewer, 'applicant.rate', applicant);
    const targets =
      targetType === 'criterion'
        ? (applicant.scorecard ?? defaultScorecard()).map((c) => ({ id: c.id, label: c.label }))
        : applicant.quests.map((quest) => ({ id: quest.id, label: quest.txt }));
    const target = targets.find((item) => item.id === targetId);
    if (!target) {
      throw new AppError('VALIDATION_ERR', {
        issues: [
          {
            path: 'targetId',
            message: `${targetId} is not a ${targetType === 'criterion' ? "criterion of the job's scorecard" : "question of the applicant's job"}`,
          },
        ],
      });
    }
    const mine = and(
      eq(ratings.applicantId, applicant.id),
      eq(ratings.userId, viewer.id),
      eq(ratings.targetType, targetType),
      eq(ratings.targetId, targetId),
    );
    const [existing] = await tx.select().from(ratings).where(mine);
    if ((existing?.score ?? null) === score) return false;
    if (score === null) {
      await tx.delete(ratings).where(mine);
    } else if (existing) {
      await tx.update(ratings).set({ score, updatedAt: now }).where(mine);
    } else {
      await tx.insert(ratings).values({
        applicantId: applicant.id,
        userId: viewer.id,
        targetType,
        targetId,
        score,
        createdAt: now,
        updatedAt: now,
      });
    }
    const all = await tx
      .select({
        reviewerId: ratings.userId,
        targetType: ratings.targetType,
        targetId: ratings.targetId,
        score: ratings.score,
      })
      .from(ratings)
      .where(eq(ratings.applicantId, applicant.id));
    const summary = summarizeApplicantRatings(all);
    await tx
      .update(applicants)
      .set({ ratingAvg: summary.avg, ratingCount: summary.count })
      .where(and(eq(applicants.id, applicant.id), eq(applicants.orgId, viewer.orgId)));
    await tx.insert(timelineEvents).values({
      applicantId: applicant.id,
      type: 'rating',
      userId: viewer.id,
      targetType,
      targetId,
      txt: target.label,
      score,
      createdAt: now,
    });
    await recordActivity(tx, {
      type: score === null ? 'remove' : existing ? 'update' : 'create',
      target: 'rating',
      userId: actor.userId,
      orgId: viewer.orgId,
      desc: fullName(applicant),
      meta: activityMeta(actor, {
        applicantId: applicant.id,
        jobId: applicant.jobId,
        targetType,
        targetId,
        score,
      }),
      date: now,
    });
    return true;
  });
  // A rating filter's count may have changed ("not rated yet" loses one).
  if (changed) forgetCappedCounts(viewer.orgId);
  return getApplicantRatings(db, params.applicantId);
}
