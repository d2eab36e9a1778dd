import { acceptedConsentColumns } from '../consent/consent.service';
import {
  browserOfUserAgent,
  createInitialTimeline,
  deviceOfUserAgent,
  fitsTimeLimit,
  findUnansweredQuestions,
  getAnswerType,
  hasUnlimitedInterviews,
  isApplicantFree,
  newApplicantTimestamp,
  recordingKindsFor,
  type CandidateAnswer,
  type CandidateApplicant,
  type CandidateConsent,
  type CandidateDetails,
  type UpdateApplicantBody,
} from '@candid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { StoredAnswer } from '../../db/schema';
import { logKnockoutStatus, recordKnockoutStatus, scoreSubmission } from './knockout-scoring';
import { AppError } from '../../lib/app-error';
import { publish } from '../../lib/domain-events';
import { isUuid } from '../../lib/ids';
import { can, candidateActor } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import {
  findCompletedUploads,
  resolveRecordingTarget,
  settlePendingRecordings,
} from '../interview-uploads/interview-uploads.service';
import {
  assertAcceptsStartedInterview,
  assertJobOpen,
  getInterviewJob,
  type InterviewJob,
} from '../jobs/interview-job';
import { findUserById, lockOrganization } from '../users/users.service';
import { hashInvitationToken } from '../invitations/invitations.service';
import { hashStatusToken, statusPageLink, statusToken } from './status-link';
import {
  appendTimeline,
  clearRecordingInAnswer,
  countFreeApplicants,
  findApplicantOfJob,
  findInvitedApplicant,
  findUnfinishedApplicantByEmail,
  insertApplicant,
  setApplicantFields,
  setRecordingInAnswer,
  updateApplicantRecord,
  type ApplicantRow,
} from '../applicant-records/applicant-store';
import type { CandidateScope } from './candidate-auth';
import { getAccommodation } from '../accommodations/accommodations.lookups';

export type { ApplicantRow };

/** Lifetime of the signed face-image URL in candidate answers. */
const IMAGE_URL_TTL_SEC = 10 * 60;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/**
 * The applicant as its candidate sees it (wire names of the product, no status, notes or timeline).
 * The back office's own mapping will live beside this one.
 */
export async function toCandidateApplicant(
  row: ApplicantRow,
  job: Pick<InterviewJob, 'id' | 'title'>,
  storage: ObjectStorage,
): Promise<CandidateApplicant> {
  return {
    id: row.id,
    info: {
      fName: row.fName,
      lName: row.lName,
      email: row.email,
      phone: row.phone,
      hometown: row.hometown,
      imgUrl: row.imgKey
        ? await storage.signGetUrl(row.imgKey, { expiresInSec: IMAGE_URL_TTL_SEC })
        : null,
      cv: row.cvName || null,
      isPreview: row.isPreview,
    },
    jobInfo: { title: job.title, jobId: job.id },
    timestamp: {
      sent: iso(row.sentAt),
      opened: iso(row.openedAt),
      submitted: iso(row.submittedAt),
      quited: iso(row.quitedAt),
    },
    answerMap: row.answerMap as Record<string, CandidateAnswer>,
  };
}

/**
 * Creates the applicant of a candidate who starts an interview: opened now, the other
 * timestamps empty, status 0, `isFree` by the free-interview rule (docs/features.md), and a timeline of created + opened. The
 * organisation row is locked so two candidates starting at once cannot both take the 10th
 * free interview. With the token of a personal invitation link to this job (not yet submitted,
 * quit or archived), the invited applicant starts instead: their details as the form gives them,
 * `opened` kept from when the link was first opened. Any other token starts as the public link.
 */
export async function createApplicant(
  db: Db,
  input: {
    jobId: string;
    info: CandidateDetails;
    now: Date;
    inviteToken?: string;
    /** The candidate's browser, for the insights' device and browser mix (nothing else kept). */
    userAgent?: string;
    /** The consent notice the candidate accepted: none refuses the start. */
    consent?: CandidateConsent;
  },
): Promise<{ row: ApplicantRow; job: InterviewJob }> {
  const job = await getInterviewJob(db, input.jobId, { activeOnly: true });
  assertJobOpen(job, input.now);
  const consent = await acceptedConsentColumns(db, {
    orgId: job.orgId,
    company: job.companyName,
    consent: input.consent,
    now: input.now,
  });
  const owner = await findUserById(db, job.ownerId);
  const ownerHasUnlimited = owner ? hasUnlimitedInterviews(owner) : false;
  const found = input.inviteToken
    ? await findInvitedApplicant(db, hashInvitationToken(input.inviteToken))
    : null;
  const invited =
    found && found.jobId === job.id && !found.submittedAt && !found.quitedAt && !found.archivedAt
      ? found
      : null;
  const row = await db.transaction(async (tx) => {
    await lockOrganization(tx, job.orgId);
    let isFree = invited?.isFree ?? false;
    if (!ownerHasUnlimited && !isFree) {
      const orgFreeApplicantCount = await countFreeApplicants(tx, job.orgId);
      isFree = isApplicantFree({ ownerHasUnlimited, orgFreeApplicantCount });
    }
    const timestamp = newApplicantTimestamp(input.now);
    const details = {
      fName: input.info.fName,
      lName: input.info.lName,
      email: input.info.email,
      phone: input.info.phone,
      hometown: input.info.hometown,
    };
    const start = {
      ...consent,
      startedAt: input.now,
      device: deviceOfUserAgent(input.userAgent),
      browser: browserOfUserAgent(input.userAgent),
    };
    if (invited) {
      const openedAt = invited.openedAt ?? new Date(timestamp.opened!);
      await setApplicantFields(tx, invited.id, {
        ...details,
        ...start,
        isFree,
        openedAt,
        updatedAt: input.now,
      });
      if (!invited.openedAt) {
        await appendTimeline(tx, invited.id, [
          { type: 'activity', activity: 'opened', createdAt: openedAt },
        ]);
      }
      return { ...invited, ...details, ...start, isFree, openedAt, updatedAt: input.now };
    }
    // The timeline begins with created (domain rule), then the interview was opened.
    const createdAt = createInitialTimeline(input.now)[0]!.createdAt;
    const created = await insertApplicant(
      tx,
      {
        orgId: job.orgId,
        jobId: job.id,
        ...details,
        ...start,
        status: 0,
        openedAt: new Date(timestamp.opened!),
        isFree,
        answerMap: {},
        createdAt: input.now,
        updatedAt: input.now,
      },
      [
        { type: 'activity', activity: 'created', createdAt: new Date(createdAt) },
        { type: 'activity', activity: 'opened', createdAt: new Date(timestamp.opened!) },
      ],
    );
    await publish(tx, 'applicant.created', { applicant: created, now: input.now });
    return created;
  });
  await recordActivity(db, {
    type: 'start',
    target: 'interview',
    userId: null,
    orgId: job.orgId,
    desc: `${row.fName} ${row.lName}`.trim(),
    meta: { applicantId: row.id, jobId: job.id },
    date: input.now,
  });
  return { row, job };
}

/**
 * The interview a candidate starting on the job with this e-mail already has under way (opened,
 * not submitted, archived or a preview): it is resumed rather than started twice. Null when
 * there is none, or when it is the personal invitation `inviteToken` opens (which starts that
 * same applicant anyway). A submitted interview is not resumed: the address starts a new one.
 */
export async function findInterviewToResume(
  db: Db,
  input: { jobId: string; email: string; inviteToken?: string },
): Promise<ApplicantRow | null> {
  const found = await findUnfinishedApplicantByEmail(db, input.jobId, input.email);
  if (!found?.openedAt) return null;
  const isInvitedOne =
    input.inviteToken !== undefined &&
    found.inviteTokenHash === hashInvitationToken(input.inviteToken);
  // The invitation starts its applicant again unless they quit: then it is resumed like any.
  if (isInvitedOne && !found.quitedAt) return null;
  return found;
}

/** The token's own applicant; any other id (or a deleted applicant) is NOT_FOUND_ERR. */
export async function getOwnApplicant(
  db: Db,
  scope: CandidateScope,
  id: string,
): Promise<ApplicantRow> {
  const own = can(candidateActor(scope), 'interview.answer', {
    applicantId: id,
    jobId: scope.jobId,
  });
  if (!own || !isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const row = await findApplicantOfJob(db, id, scope.jobId);
  if (!row) throw new AppError('NOT_FOUND_ERR');
  return row;
}

/** What an update changed, for the realtime event. */
export interface ApplicantChange {
  quited: boolean;
  submitted: boolean;
}

type UpdateDeps = {
  db: Db;
  storage: ObjectStorage;
  now: Date;
  log: FastifyBaseLogger;
  /** The server's secret and address: a submit's status page link is made from them. */
  secret: string;
  publicUrl: string;
};

/** Checks one answer against its question and the applicant's stored uploads. */
async function checkAnswer(
  deps: UpdateDeps,
  scope: CandidateScope,
  job: InterviewJob,
  questId: string,
  answer: CandidateAnswer,
): Promise<void> {
  const quest = job.quests.find((q) => q.id === questId);
  if (!quest) {
    throw new AppError('VALIDATION_ERR', { message: `No question ${questId} in this job` });
  }
  const type = getAnswerType(quest.ansRule);
  const kinds = recordingKindsFor(quest.ansRule);
  const keys: string[] = [];
  for (const [field, kind] of [
    ['faceKey', 'face'],
    ['screenKey', 'screen'],
  ] as const) {
    const key = answer[field];
    if (!key) continue;
    if (!kinds.includes(kind)) {
      throw new AppError('VALIDATION_ERR', { message: `Question ${questId} takes no ${field}` });
    }
    const target = resolveRecordingTarget(scope, job, key);
    if (target.questId !== questId || target.kind !== kind) {
      throw new AppError('VALIDATION_ERR', {
        message: `${field} is not this question's ${kind} recording`,
      });
    }
    keys.push(key);
  }
  if (answer.imgKey) {
    if (type !== 'image') {
      throw new AppError('VALIDATION_ERR', { message: `Question ${questId} takes no image` });
    }
    keys.push(answer.imgKey);
  }
  if (answer.optIdx && answer.optIdx.length > 0) {
    const optionCount = quest.opts?.length ?? 0;
    if (answer.optIdx.some((index) => index >= optionCount)) {
      throw new AppError('VALIDATION_ERR', { message: `No such option in question ${questId}` });
    }
  }
  if (keys.length === 0) return;
  // Single-PUT recordings become completed once their object exists.
  await settlePendingRecordings(deps, scope.applicantId);
  const completed = await findCompletedUploads(deps.db, scope.applicantId, keys);
  for (const key of keys) {
    const row = completed.get(key);
    if (!row || (row.questionId !== null && row.questionId !== questId)) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `Upload ${key} is not completed for this applicant and question`,
      });
    }
  }
  // The time limit holds on the server too: a recording longer than the question allows (with
  // an approved accommodation's extra time) is refused, whatever the client's clock did.
  const recordings = keys.filter((key) => key === answer.faceKey || key === answer.screenKey);
  if (recordings.length === 0) return;
  const accommodation = await getAccommodation(deps.db, scope.applicantId);
  for (const key of recordings) {
    if (!fitsTimeLimit(completed.get(key)!.durationSec, quest, accommodation)) {
      throw new AppError('VALIDATION_ERR', {
        message: `Recording ${key} is longer than question ${questId} allows`,
      });
    }
  }
}

/**
 * The candidate's `PUT applicant`: details, answers (merged by question), quit and
 * submit. Submitting needs an answer to every question and no recording still uploading
 * (409 otherwise, message naming what is missing); it and quitting are recorded once each on
 * the timeline. A submitted interview accepts nothing more but a repeated submit.
 */
export async function updateOwnApplicant(
  deps: UpdateDeps,
  scope: CandidateScope,
  body: UpdateApplicantBody,
): Promise<{ row: ApplicantRow; job: InterviewJob; change: ApplicantChange }> {
  const { db, now } = deps;
  const target = { applicantId: body.applicant.id, jobId: body.jobId };
  if (!can(candidateActor(scope), 'interview.answer', target)) throw new AppError('NOT_FOUND_ERR');
  const current = await getOwnApplicant(db, scope, body.applicant.id);
  const job = await getInterviewJob(db, scope.jobId, { activeOnly: false });
  const input = body.applicant;
  // A repeated submit of a finished interview stays harmless; anything else waits on the grace rule.
  if (!current.submittedAt) assertAcceptsStartedInterview(job, now);
  const wantsSubmit = Boolean(input.timestamp?.submitted);
  const wantsQuit = Boolean(input.timestamp?.quited);

  if (current.submittedAt) {
    if (wantsSubmit && !input.answerMap && !input.info) {
      return { row: current, job, change: { quited: false, submitted: false } };
    }
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message: 'The interview was already submitted',
    });
  }

  const answerUpdates = Object.entries(input.answerMap ?? {});
  for (const [questId, answer] of answerUpdates) {
    await checkAnswer(deps, scope, job, questId, answer);
  }
  const answerMap: Record<string, StoredAnswer> = { ...current.answerMap };
  for (const [questId, answer] of answerUpdates) {
    answerMap[questId] = Object.fromEntries(
      Object.entries(answer).filter(([, value]) => value !== undefined && value !== null),
    ) as StoredAnswer;
  }

  if (wantsSubmit) {
    const unanswered = findUnansweredQuestions(job.quests, answerMap);
    if (unanswered.length > 0) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `Interview incomplete: no answer to question(s) ${unanswered.join(', ')}`,
      });
    }
    const pending = await settlePendingRecordings(deps, scope.applicantId);
    if (pending.length > 0) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `Interview incomplete: recording(s) still uploading: ${pending.join(', ')}`,
      });
    }
  }

  const change: ApplicantChange = {
    quited: wantsQuit && !current.quitedAt && !wantsSubmit,
    submitted: wantsSubmit,
  };
  const scored = wantsSubmit ? scoreSubmission(job, answerMap, current.status) : null;
  const row = await updateApplicantRecord(
    db,
    current.id,
    {
      ...(input.info ?? {}),
      answerMap,
      ...(change.quited ? { quitedAt: now } : {}),
      ...(change.submitted
        ? {
            submittedAt: now,
            statusTokenHash: hashStatusToken(statusToken(deps.secret, current.id)),
            ...scored?.set,
          }
        : {}),
      updatedAt: now,
    },
    [
      ...(change.quited ? [{ activity: 'quited' as const, createdAt: now }] : []),
      ...(change.submitted ? [{ activity: 'submitted' as const, createdAt: now }] : []),
    ],
    change.submitted
      ? async (tx, updated) => {
          await publish(tx, 'applicant.submitted', {
            applicant: updated,
            job,
            lang: body.language ?? 'en',
            statusLink: statusPageLink(deps.publicUrl, statusToken(deps.secret, updated.id)),
            publicUrl: deps.publicUrl,
            now,
          });
          if (scored) await recordKnockoutStatus(tx, updated, scored, now);
        }
      : undefined,
  );
  if (change.quited || change.submitted) {
    await recordActivity(db, {
      type: change.submitted ? 'submit' : 'quit',
      target: 'interview',
      userId: null,
      orgId: scope.orgId,
      desc: `${row.fName} ${row.lName}`.trim(),
      meta: { applicantId: row.id, jobId: job.id },
      date: now,
    });
  }
  if (scored) await logKnockoutStatus(db, row, scored, now);
  return { row, job, change };
}

/** A discarded take leaves its answer (see `clearRecordingInAnswer`). */
export async function detachRecordingFromAnswer(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId' | 'jobId'>,
  input: { questId: string; field: 'faceKey' | 'screenKey'; key: string; now: Date },
): Promise<void> {
  await clearRecordingInAnswer(db, scope, input);
}

/**
 * Names a finished recording in the applicant's answer to its question (`faceKey` or
 * `screenKey`), keeping what the answer already holds, so the recruiter can play it before the
 * candidate's own answer save arrives. One atomic update: the camera and screen recordings of
 * one question may finish at the same moment. Null when the interview is submitted already
 * (answers are final then), the applicant is gone, or the recording is longer than the question
 * allows (with an approved accommodation's extra time): such a take never becomes the answer.
 */
export async function attachRecordingToAnswer(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId' | 'jobId'>,
  input: {
    questId: string;
    field: 'faceKey' | 'screenKey';
    key: string;
    /** The answer's `resTime` until the candidate's own save brings the real one. */
    resTimeSec: number;
    now: Date;
  },
): Promise<{ row: ApplicantRow; job: InterviewJob } | null> {
  const job = await getInterviewJob(db, scope.jobId, { activeOnly: false });
  const quest = job.quests.find((q) => q.id === input.questId);
  const accommodation = await getAccommodation(db, scope.applicantId);
  if (quest && !fitsTimeLimit(input.resTimeSec || null, quest, accommodation)) return null;
  const row = await setRecordingInAnswer(db, scope, input);
  if (!row) return null;
  return { row, job };
}
