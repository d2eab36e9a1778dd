import {
  defaultScorecard,
  type ApplicantDetails,
  type ApplicantVideosResponse,
  type ReviewAnswer,
} from '@candid/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notes, timelineEvents } from '../../db/schema';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import { toCvUrls, toListItem, toReviewAnswer, toReviewNote, toTimeline } from './review.presenter';
import {
  type Reviewer,
  type ReviewActor,
  fullName,
  activityMeta,
  findOrgApplicant,
  assertUnlocked,
} from '../applicant-records/applicant-access';
import { miniUserColumns, ownerJoin } from '../users/users.joins';
import { getApplicantRatings } from './review.ratings';
import { findRecordingDurations } from '../interview-uploads/interview-uploads.service';
import { getAccommodation } from '../accommodations/accommodations.lookups';
import { getMediaCheck } from '../media-checks/media-checks.lookups';
import { toApplicantConsent } from '../consent/consent.service';

/** One applicant opened for review: `job/{jobId}/{applicantId}` and its answers' videos. */

/**
 * `GET job/{jobId}/{applicantId}`: the applicant with signed CV URLs, notes (oldest first, with
 * their authors), the timeline (oldest first, from the created event), the candidate's
 * adjustment request, the device check's outcome and the job's questions.
 * FORBIDDEN_ERR when it is locked for the viewer (the web app goes back to the list).
 */
export async function getApplicantDetails(
  deps: { db: Db; storage: ObjectStorage },
  viewer: Reviewer,
  params: { jobId: string; applicantId: string },
): Promise<ApplicantDetails> {
  const { db, storage } = deps;
  const { applicant, job } = await findOrgApplicant(
    db,
    viewer.orgId,
    params.applicantId,
    params.jobId,
  );
  assertUnlocked(viewer, applicant);
  const noteRows = await db
    .select({
      note: notes,
      owner: miniUserColumns,
    })
    .from(notes)
    .leftJoin(...ownerJoin(notes.ownerId))
    .where(eq(notes.applicantId, applicant.id))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  const timelineRows = (
    await db
      .select({
        event: timelineEvents,
        reviewer: { fName: miniUserColumns.fName, lName: miniUserColumns.lName },
      })
      .from(timelineEvents)
      .leftJoin(...ownerJoin(timelineEvents.userId))
      .where(eq(timelineEvents.applicantId, applicant.id))
      .orderBy(asc(timelineEvents.createdAt), asc(timelineEvents.id))
  ).map(({ event, reviewer }) => ({ ...event, reviewer }));
  const ratings = await getApplicantRatings(db, applicant.id);
  const item = await toListItem({ ...applicant, jobTitle: job.title }, viewer, storage);
  const cv = await toCvUrls(storage, { key: applicant.cvKey, name: applicant.cvName });
  return {
    ...item,
    info: {
      ...item.info,
      ...cv,
      cv: applicant.cvName || null,
      isPreview: applicant.isPreview,
    },
    notes: noteRows.map((row) => toReviewNote(row.note, row.owner)),
    timeline: toTimeline(timelineRows, applicant.createdAt),
    accommodation: await getAccommodation(db, applicant.id),
    mediaCheck: await getMediaCheck(db, applicant.id),
    consent: toApplicantConsent(applicant),
    job: {
      _id: job.id,
      title: job.title,
      quests: job.quests,
      archivedAt: job.archivedAt ? job.archivedAt.toISOString() : null,
      scorecard: job.scorecard ?? defaultScorecard(),
    },
    ratings,
  };
}

/**
 * `GET job/applicantVideos/{applicantId}/{jobId}`: the answers with short-lived signed URLs and
 * the recordings' lengths when known. Watching is recorded (target interview, type
 * watch). FORBIDDEN_ERR when the applicant is locked for the viewer.
 */
export async function getApplicantVideos(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
): Promise<ApplicantVideosResponse> {
  const { db, storage, now } = deps;
  const { applicant } = await findOrgApplicant(db, viewer.orgId, params.applicantId, params.jobId);
  assertUnlocked(viewer, applicant);
  const answers = Object.entries(applicant.answerMap ?? {});
  const recordingKeys = answers.flatMap(([, answer]) =>
    [answer.faceKey, answer.screenKey].filter((key): key is string => Boolean(key)),
  );
  const durations = await findRecordingDurations(db, applicant.id, recordingKeys);
  const answerMap: Record<string, ReviewAnswer> = {};
  for (const [questId, answer] of answers) {
    answerMap[questId] = await toReviewAnswer(answer, storage, durations);
  }
  await recordActivity(db, {
    type: 'watch',
    target: 'interview',
    userId: actor.userId,
    orgId: viewer.orgId,
    desc: fullName(applicant),
    meta: activityMeta(actor, { applicantId: applicant.id, jobId: applicant.jobId }),
    date: now,
  });
  return { answerMap };
}
