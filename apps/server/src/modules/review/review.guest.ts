import { defaultScorecard, type ReviewAnswer, type SharedApplicant } from '@candid/domain';
import type { Db, DbTx } from '../../db/client';
import { timelineEvents } from '../../db/schema';
import type { GuestLink } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { findRecordingDurations } from '../interview-uploads/interview-uploads.service';
import { IMAGE_URL_TTL_SEC, toCvUrls, toReviewAnswer } from './review.presenter';
import { listGuestRatings } from './review.ratings';
import { findOrgApplicant, findOrgApplicants } from '../applicant-records/applicant-access';

/**
 * What a hiring manager sees through a share link, read by the module that owns the
 * applicants: the sharing module has already asked the policies whether the link opens the
 * applicant. Only the applicant's details, CV, answers, the job's questions and scorecard and
 * the guest's own ratings leave here: never notes, the timeline, status or other reviewers'
 * ratings.
 */

/** The applicants a link names, for the guest's list (in the order asked). */
export async function listSharedApplicants(
  db: Db,
  orgId: string,
  applicantIds: readonly string[],
): Promise<Array<{ id: string; fName: string; lName: string; jobTitle: string }>> {
  const found = await findOrgApplicants(db, orgId, applicantIds);
  return applicantIds.map((id) => {
    const row = found.get(id)!;
    return {
      id,
      fName: row.applicant.fName,
      lName: row.applicant.lName,
      jobTitle: row.jobTitle,
    };
  });
}

/** The applicants of `orgId` among `ids` as a share link's creation checks them (404 otherwise). */
export async function findApplicantsToShare(db: Db, orgId: string, ids: readonly string[]) {
  const found = await findOrgApplicants(db, orgId, ids);
  return [...found.values()].map(({ applicant, jobTitle }) => ({
    id: applicant.id,
    orgId: applicant.orgId,
    jobId: applicant.jobId,
    isFree: applicant.isFree,
    name: `${applicant.fName} ${applicant.lName}`.trim(),
    jobTitle,
  }));
}

/** One shared applicant as the guest page shows it, with short-lived signed URLs. */
export async function getSharedApplicant(
  deps: { db: Db; storage: ObjectStorage },
  link: GuestLink,
  applicantId: string,
): Promise<SharedApplicant> {
  const { db, storage } = deps;
  const { applicant, job } = await findOrgApplicant(db, link.orgId, applicantId);
  const answers = Object.entries(applicant.answerMap ?? {});
  const recordingKeys = answers.flatMap(([, answer]) =>
    [answer.faceKey, answer.screenKey].filter((key): key is string => Boolean(key)),
  );
  const durations = await findRecordingDurations(db, applicant.id, recordingKeys);
  const answerMap: Record<string, ReviewAnswer> = {};
  for (const [questId, answer] of answers) {
    answerMap[questId] = await toReviewAnswer(answer, storage, durations);
  }
  const cv = await toCvUrls(storage, { key: applicant.cvKey, name: applicant.cvName });
  return {
    id: applicant.id,
    info: {
      fName: applicant.fName,
      lName: applicant.lName,
      email: applicant.email,
      phone: applicant.phone,
      hometown: applicant.hometown,
      imgUrl: applicant.imgKey
        ? await storage.signGetUrl(applicant.imgKey, { expiresInSec: IMAGE_URL_TTL_SEC })
        : null,
      ...cv,
    },
    submittedAt: applicant.submittedAt ? applicant.submittedAt.toISOString() : null,
    job: {
      title: job.title,
      quests: job.quests,
      scorecard: job.scorecard ?? defaultScorecard(),
    },
    answerMap,
    myRatings: await listGuestRatings(db, applicant.id, link.id),
  };
}

/** A guest's view on the applicant's timeline, inside the caller's transaction. */
export async function recordGuestView(
  tx: Db | DbTx,
  view: { applicantId: string; guestName: string; now: Date },
): Promise<void> {
  await tx.insert(timelineEvents).values({
    applicantId: view.applicantId,
    type: 'guestView',
    guestName: view.guestName,
    createdAt: view.now,
  });
}
