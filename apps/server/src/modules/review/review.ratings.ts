import {
  defaultScorecard,
  summarizeApplicantRatings,
  type ApplicantRatings,
  type GuestRateBody,
  type GuestRating,
  type RateApplicantBody,
} from '@candid/domain';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { applicants, ratings, timelineEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize, type GuestLink } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';
import { miniUserColumns, ownerJoin } from '../users/users.joins';
import { toMiniUser } from '../users/users.joins';
import { forgetCappedCounts } from '../applicant-records/applicant-list-caps';
import {
  activityMeta,
  fullName,
  type Reviewer,
  type ReviewActor,
} from '../applicant-records/applicant-access';

/**
 * Ratings and scorecards: each reviewer rates an applicant on the criteria of the
 * job's scorecard and each answer, 1–5. The review module owns the `ratings` table and keeps
 * the applicant's denormalised average and reviewer count (the overview's sort and filter) in
 * step, in the same transaction as the rating.
 */

const jobs = jobsTableForJoin();

/**
 * Who rates: a reviewer of the organisation, or a hiring manager through a share link (issue
 * 15), whose ratings are the link's and count in the averages as one more reviewer.
 */
type Rater = { userId: string } | { shareLinkId: string; guestName: string };

/** The reviewer a stored rating counts as in the averages (a guest's link is one reviewer). */
function reviewerKeyOf(row: { userId: string | null; shareLinkId: string | null }) {
  return row.userId ?? (row.shareLinkId ? `guest:${row.shareLinkId}` : null);
}

const ratingScoreColumns = {
  userId: ratings.userId,
  shareLinkId: ratings.shareLinkId,
  targetType: ratings.targetType,
  targetId: ratings.targetId,
  score: ratings.score,
};

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
        reviewerId: reviewerKeyOf(rating),
        targetType: rating.targetType,
        targetId: rating.targetId,
        score: rating.score,
      })),
    ),
    ratings: rows.map(({ rating, reviewer }) => ({
      reviewer: reviewer ? toMiniUser(reviewer) : null,
      ...(rating.shareLinkId ? { guestName: rating.guestName ?? '' } : {}),
      targetType: rating.targetType,
      targetId: rating.targetId,
      score: rating.score,
      updatedAt: rating.updatedAt.toISOString(),
    })),
  };
}

/** The applicant (locked for the transaction) with what of its job a rating is checked against. */
async function findRatedApplicant(
  tx: DbTx,
  orgId: string,
  jobId: string | undefined,
  applicantId: string,
) {
  if (!isUuid(applicantId) || (jobId !== undefined && !isUuid(jobId))) {
    throw new AppError('NOT_FOUND_ERR');
  }
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
      and(
        eq(applicants.id, applicantId),
        eq(applicants.orgId, orgId),
        jobId === undefined ? undefined : eq(applicants.jobId, jobId),
      ),
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
  const changed = await db.transaction(async (tx) => {
    const applicant = await findRatedApplicant(tx, viewer.orgId, params.jobId, params.applicantId);
    authorize(viewer, 'applicant.rate', applicant);
    const result = await applyRating(tx, { userId: viewer.id }, applicant, body, now);
    if (!result) return false;
    await recordActivity(tx, {
      type: result.activityType,
      target: 'rating',
      userId: actor.userId,
      orgId: viewer.orgId,
      desc: fullName(applicant),
      meta: activityMeta(actor, {
        applicantId: applicant.id,
        jobId: applicant.jobId,
        targetType: body.targetType,
        targetId: body.targetId,
        score: body.score,
      }),
      date: now,
    });
    return true;
  });
  // A rating filter's count may have changed ("not rated yet" loses one).
  if (changed) forgetCappedCounts(viewer.orgId);
  return getApplicantRatings(db, params.applicantId);
}

/**
 * `PUT share/{shareToken}/{applicantId}/rating`: the guest's rating through a share
 * link, stored as the link's (never a user's), counted in the applicant's average and reviewer
 * count like a reviewer's, on the timeline labelled with the guest's name and recorded as a
 * guest activity (guest name, link id, applicant id). The caller has checked the link opens this
 * applicant. Answers the guest's own ratings only.
 */
export async function rateApplicantAsGuest(
  deps: { db: Db; now: Date },
  link: GuestLink,
  applicantId: string,
  body: GuestRateBody,
): Promise<GuestRating[]> {
  const { db, now } = deps;
  const changed = await db.transaction(async (tx) => {
    const applicant = await findRatedApplicant(tx, link.orgId, undefined, applicantId);
    const rater = { shareLinkId: link.id, guestName: link.guestName };
    const result = await applyRating(tx, rater, applicant, body, now);
    if (!result) return false;
    await recordActivity(tx, {
      type: result.activityType,
      target: 'rating',
      userId: null,
      orgId: link.orgId,
      desc: fullName(applicant),
      meta: {
        guestName: link.guestName,
        shareLinkId: link.id,
        applicantId: applicant.id,
        jobId: applicant.jobId,
        targetType: body.targetType,
        targetId: body.targetId,
        score: body.score,
      },
      date: now,
    });
    return true;
  });
  if (changed) forgetCappedCounts(link.orgId);
  return listGuestRatings(db, applicantId, link.id);
}

/** The ratings a share link's guest gave one applicant (nobody else's). */
export async function listGuestRatings(
  db: Db | DbTx,
  applicantId: string,
  shareLinkId: string,
): Promise<GuestRating[]> {
  return db
    .select({ targetType: ratings.targetType, targetId: ratings.targetId, score: ratings.score })
    .from(ratings)
    .where(and(eq(ratings.applicantId, applicantId), eq(ratings.shareLinkId, shareLinkId)))
    .orderBy(asc(ratings.createdAt), asc(ratings.id));
}

type RatedApplicant = Awaited<ReturnType<typeof findRatedApplicant>>;

/**
 * Writes one rater's rating change inside the caller's transaction: the rating, the applicant's
 * new average and reviewer count, and the timeline event. Null when nothing changed.
 */
async function applyRating(
  tx: DbTx,
  rater: Rater,
  applicant: RatedApplicant,
  body: GuestRateBody,
  now: Date,
): Promise<{ activityType: 'create' | 'update' | 'remove' } | null> {
  const { targetType, targetId, score } = body;
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
  const whose: SQL =
    'userId' in rater
      ? eq(ratings.userId, rater.userId)
      : eq(ratings.shareLinkId, rater.shareLinkId);
  const mine = and(
    eq(ratings.applicantId, applicant.id),
    whose,
    eq(ratings.targetType, targetType),
    eq(ratings.targetId, targetId),
  );
  const [existing] = await tx.select().from(ratings).where(mine);
  if ((existing?.score ?? null) === score) return null;
  const raterColumns =
    'userId' in rater
      ? { userId: rater.userId }
      : { shareLinkId: rater.shareLinkId, guestName: rater.guestName };
  if (score === null) {
    await tx.delete(ratings).where(mine);
  } else if (existing) {
    await tx.update(ratings).set({ score, updatedAt: now }).where(mine);
  } else {
    await tx.insert(ratings).values({
      applicantId: applicant.id,
      ...raterColumns,
      targetType,
      targetId,
      score,
      createdAt: now,
      updatedAt: now,
    });
  }
  const all = await tx
    .select(ratingScoreColumns)
    .from(ratings)
    .where(eq(ratings.applicantId, applicant.id));
  const summary = summarizeApplicantRatings(
    all.map((row) => ({ ...row, reviewerId: reviewerKeyOf(row) })),
  );
  await tx
    .update(applicants)
    .set({ ratingAvg: summary.avg, ratingCount: summary.count })
    .where(and(eq(applicants.id, applicant.id), eq(applicants.orgId, applicant.orgId)));
  await tx.insert(timelineEvents).values({
    applicantId: applicant.id,
    type: 'rating',
    ...('userId' in rater ? { userId: rater.userId } : { guestName: rater.guestName }),
    targetType,
    targetId,
    txt: target.label,
    score,
    createdAt: now,
  });
  return { activityType: score === null ? 'remove' : existing ? 'update' : 'create' };
}
