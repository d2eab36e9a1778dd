import { LANGUAGES } from '../common/constants';
import { z } from 'zod';
import { candidateConsentSchema } from './consent';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { getAnswerType, type AnswerRule } from '../jobs/answer-rule';
import type { RecordingKind } from '../interview/recording';
import { INVITATION_TOKEN_PATTERN } from '../invitations/invitation-limits';
import { candidateDetailsSchema } from '../validation/forms';

/**
 * Wire schemas of the candidate side of the API ("Applicants" and "Uploads"): every
 * call below except `POST applicant` carries the candidate token (`Authorization: Bearer`),
 * which opens only its own applicant, job and upload keys.
 */

/** Lifetime of a candidate token: long enough to come back after a crash the same day. */
export const CANDIDATE_TOKEN_TTL_SEC = 24 * 60 * 60;

/** One answer as the candidate app saves it into `answerMap[questId]` (Answer). */
export const candidateAnswerSchema = z.object({
  /** Seconds the candidate took to answer. */
  resTime: z.number().min(0),
  /** Text or code answer. */
  txt: z.string().max(100_000).optional(),
  /** Storage key of the camera recording: a completed upload of this applicant and question. */
  faceKey: z.string().max(500).nullable().optional(),
  /** Storage key of the screen recording: a completed upload of this applicant and question. */
  screenKey: z.string().max(500).nullable().optional(),
  /** Storage key returned by `POST applicant/{id}/answer-image` for an image answer. */
  imgKey: z.string().max(500).nullable().optional(),
  /** Indexes of the chosen options of a multiple-choice answer. */
  optIdx: z.array(z.number().int().min(0)).max(100).optional(),
});
export type CandidateAnswer = z.infer<typeof candidateAnswerSchema>;

/** The answer map the candidate sees and sends: answers by question id. */
export const candidateAnswerMapSchema = z.record(z.string().min(1), candidateAnswerSchema);
export type CandidateAnswerMap = z.infer<typeof candidateAnswerMapSchema>;

/** `POST applicant` body: the details form (all required) and the job. */
export const createApplicantBodySchema = z.object({
  applicant: z.object({ info: candidateDetailsSchema }),
  jobId: idSchema,
  /** The token of a personal invitation link: the invited applicant starts, no new one. */
  inviteToken: z.string().regex(INVITATION_TOKEN_PATTERN).optional(),
  /**
   * The candidate's language: when the e-mail already has an interview under way on this job,
   * the code that resumes it is e-mailed in this language (default en).
   */
  language: z.enum(LANGUAGES).optional(),
  /**
   * The consent notice the candidate agreed to (its version and language): required to start,
   * CONSENT_REQUIRED_ERR without it. Declining sends nothing, so no applicant is made.
   */
  consent: candidateConsentSchema.optional(),
});
export type CreateApplicantBody = z.infer<typeof createApplicantBodySchema>;

/** `?demo=1` marks the recruiter's preview: the server refuses it (nothing is stored). */
export const createApplicantQuerySchema = z.object({ demo: z.string().optional() });

/** What the candidate sees of their own applicant: no status, notes or timeline internals. */
export const candidateApplicantSchema = z.object({
  id: idSchema,
  info: z.object({
    fName: z.string(),
    lName: z.string(),
    email: z.string(),
    phone: z.string(),
    hometown: z.string(),
    /** Short-lived signed URL of the face image, when one was uploaded. */
    imgUrl: z.string().nullable(),
    /** The CV's stored name (name, dash, upload timestamp), when one was uploaded. */
    cv: z.string().nullable(),
    isPreview: z.boolean(),
  }),
  jobInfo: z.object({ title: z.string(), jobId: idSchema }),
  timestamp: z.object({
    sent: isoDateSchema.nullable(),
    opened: isoDateSchema.nullable(),
    submitted: isoDateSchema.nullable(),
    quited: isoDateSchema.nullable(),
  }),
  answerMap: candidateAnswerMapSchema,
});
export type CandidateApplicant = z.infer<typeof candidateApplicantSchema>;

/** `POST applicant` answer: the applicant and the candidate token scoped to it. */
export const createApplicantResponseSchema = z.object({
  applicant: candidateApplicantSchema,
  candidateToken: z.string(),
  /**
   * True when no applicant was made: the e-mail's interview on this job was under way and the
   * caller proved it is theirs (the device's candidate token, or the e-mailed code), so it goes
   * on where it was.
   */
  resumed: z.boolean().optional(),
});
export type CreateApplicantResponse = z.infer<typeof createApplicantResponseSchema>;

export const applicantIdParamsSchema = z.object({ id: idSchema });

/** Digits of the code that resumes an interview started elsewhere (e-mailed to the candidate). */
export const RESUME_CODE_LENGTH = 6;

/**
 * `POST applicant/resume` body: the code e-mailed when `POST applicant` answered
 * INTERVIEW_IN_PROGRESS_ERR, with the job and the address it went to.
 */
export const resumeWithCodeBodySchema = z.object({
  jobId: idSchema,
  email: z.string().trim().toLowerCase().min(3).max(320),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RESUME_CODE_LENGTH}}$`, 'u')),
});
export type ResumeWithCodeBody = z.infer<typeof resumeWithCodeBodySchema>;

/**
 * `PUT applicant` body. Everything is optional: `info` updates the details (each field
 * validated as in the form), `answerMap` entries replace the answers of the questions they
 * name (other answers stay), `timestamp.quited` / `timestamp.submitted` set to any date mean
 * "quit now" / "submit now" (the server's clock is recorded, not the sent value).
 */
export const updateApplicantBodySchema = z.object({
  applicant: z.object({
    id: idSchema,
    info: candidateDetailsSchema.partial().optional(),
    answerMap: candidateAnswerMapSchema.optional(),
    timestamp: z
      .object({
        quited: isoDateSchema.nullable().optional(),
        submitted: isoDateSchema.nullable().optional(),
      })
      .optional(),
  }),
  jobId: idSchema,
  /** The candidate's language: a submit's confirmation e-mail is written in it (default en). */
  language: z.enum(LANGUAGES).optional(),
});
export type UpdateApplicantBody = z.infer<typeof updateApplicantBodySchema>;

export const applicantResponseSchema = z.object({ applicant: candidateApplicantSchema });
export type ApplicantResponse = z.infer<typeof applicantResponseSchema>;

/** `POST applicant/{id}/cv?name=`: the candidate's file name (raw file body). */
export const cvUploadQuerySchema = z.object({ name: z.string().trim().min(1).max(200) });
export const cvUploadResponseSchema = z.object({
  /** Stored name: file name, dash, upload timestamp. */
  cv: z.string(),
  key: z.string(),
});

/** `POST applicant/{id}/answer-image?questId=` (raw JPEG/PNG body). */
export const answerImageQuerySchema = z.object({ questId: z.string().min(1).max(100) });
/** Image uploads answer a short-lived URL and the key to save (`answerMap[q].imgKey`). */
export const candidateImageResponseSchema = z.object({ url: z.string(), key: z.string() });

/** Candidate image types: the face crop and answer images (JPEG or PNG). */
export const CANDIDATE_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

// ---- Uploads ----------------------------------------------------------------

const fileKeySchema = z.string().min(3).max(500);
const uploadIdSchema = z.string().min(1).max(2000);

/** `GET upload/start_multipart`; `restart=1` abandons an unfinished upload of the key (retake). */
export const startMultipartQuerySchema = z.object({
  fileKey: fileKeySchema,
  fileType: z.string().min(1).max(200),
  restart: z.enum(['0', '1']).optional(),
});
export const startMultipartResponseSchema = z.object({ uploadId: z.string() });

export const signMultipartQuerySchema = z.object({
  fileKey: fileKeySchema,
  uploadId: uploadIdSchema,
  partNum: z.coerce.number().int().min(1).max(10_000),
});
/** A signed URL for one `PUT` (the part's `ETag` response header goes into complete). */
export const signedUrlResponseSchema = z.object({ signedURL: z.string() });

export const multipartQuerySchema = z.object({ fileKey: fileKeySchema, uploadId: uploadIdSchema });

/** A stored part in S3's names (`list_parts`). */
export const uploadedPartSchema = z.object({
  PartNumber: z.number().int(),
  ETag: z.string(),
  Size: z.number().int(),
});
export const listPartsResponseSchema = z.object({ parts: z.array(uploadedPartSchema) });

export const completeMultipartBodySchema = z.object({
  parts: z
    .array(z.object({ PartNumber: z.number().int().min(1).max(10_000), ETag: z.string().min(1) }))
    .min(1)
    .max(10_000),
});
export const completeMultipartResponseSchema = z.object({
  key: z.string(),
  size: z.number().int(),
  /** Recording length in seconds when the server could read it (webm). */
  durationSec: z.number().nullable(),
});
export const abortMultipartResponseSchema = z.object({ aborted: z.literal(true) });

/** `GET upload/sign` (one `PUT` of a whole recording); bucketName is accepted and ignored. */
export const signUploadQuerySchema = z.object({
  fileKey: fileKeySchema,
  fileType: z.string().min(1).max(200),
  bucketName: z.string().optional(),
});

/**
 * The recordings a question's answer consists of: camera for a video question, camera and
 * screen for a screen question (recorded together), none otherwise.
 */
export function recordingKindsFor(ansRule: AnswerRule): RecordingKind[] {
  const type = getAnswerType(ansRule);
  if (type === 'video') return ['face'];
  if (type === 'screen') return ['face', 'screen'];
  return [];
}

/**
 * The recordings an answer must have for the interview to be submitted: the camera for a video
 * question, the screen for a screen question (its camera track is optional, so a candidate whose
 * camera dropped mid-answer is not stuck).
 */
export function requiredRecordingKindsFor(ansRule: AnswerRule): RecordingKind[] {
  const type = getAnswerType(ansRule);
  if (type === 'video') return ['face'];
  if (type === 'screen') return ['screen'];
  return [];
}

/** The ids of questions that have no saved answer, in question order (submission check). */
export function findUnansweredQuestions(
  quests: readonly { id: string; ansRule: AnswerRule }[],
  answerMap: Readonly<
    Record<string, { faceKey?: string | null; screenKey?: string | null } | undefined>
  >,
): string[] {
  return quests
    .filter((quest) => {
      const answer = answerMap[quest.id];
      if (!answer) return true;
      return requiredRecordingKindsFor(quest.ansRule).some((kind) =>
        kind === 'face' ? !answer.faceKey : !answer.screenKey,
      );
    })
    .map((quest) => quest.id);
}

// ---- Realtime ----------------------------------------------------------------

/** Socket events of the product. */
export const REALTIME_EVENTS = {
  USER_WATCH: 'user watch',
  SAVE_APPLICANT: 'save applicant',
  INTERVIEW_DONE: 'interview done',
  ALERT_INTERVIEW_DONE: 'alert interview done',
} as const;

/** What happened to the applicant, in `data.type` (an adjustment request asked for). */
export const APPLICANT_EVENT_TYPES = [
  'created',
  'updated',
  'quited',
  'submitted',
  'accommodationRequested',
  // A reviewer's rating changed the applicant's averages: told to the other reviewers.
  'rated',
] as const;
export type ApplicantEventType = (typeof APPLICANT_EVENT_TYPES)[number];

/** Payload of "save applicant" and "alert interview done": userId is the job owner. */
export interface ApplicantEventPayload {
  userId: string;
  data: { type: ApplicantEventType; applicant: CandidateApplicant; jobId: string };
}

/** What a candidate may emit as "interview done": only about its own applicant and job. */
export const interviewDoneMessageSchema = z.object({
  userId: z.string().optional(),
  data: z.object({
    type: z.string().optional(),
    applicant: z.object({ id: z.string().optional(), _id: z.string().optional() }).loose(),
    jobId: z.string(),
  }),
});
