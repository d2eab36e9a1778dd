import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  multipartKey,
  recordingFileName,
  type CandidateAnswer,
  type CreateApplicantResponse,
} from '@candid/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { activities, applicants, notes, timelineEvents } from '../src/db/schema';
import { bearer, uniqueEmail, type SignedUp } from './factories';
import { callAsCandidate, CANDIDATE_INFO, startInterview } from './interview-helpers';

/** Test helpers of the recruiter's applicant review (review*.test.ts). */

/** The real Chromium recording the demo seed uses (4 s, vp8 + opus, no Duration yet). */
export const ANSWER_WEBM = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../seed-assets/answer.webm'),
);

export type CandidateInfo = typeof CANDIDATE_INFO;

/**
 * An applicant made through the candidate API: started, answered, then submitted, quit or left
 * in progress, as a candidate's browser would.
 */
export async function applyAs(
  app: FastifyInstance,
  jobId: string,
  options: {
    info?: Partial<CandidateInfo>;
    answers?: Record<string, CandidateAnswer>;
    finish?: 'submit' | 'quit' | 'none';
    /** Runs with the candidate token before the answers are saved (uploads). */
    before?: (created: CreateApplicantResponse) => Promise<void>;
  } = {},
): Promise<CreateApplicantResponse> {
  // Each call is another person unless `info` names an address: the same address on the same
  // job resumes its unfinished interview instead of starting one.
  const created = await startInterview(app, jobId, {
    ...CANDIDATE_INFO,
    email: uniqueEmail('yael'),
    ...options.info,
  });
  await options.before?.(created);
  const as = callAsCandidate(app, created.candidateToken);
  const put = async (applicant: Record<string, unknown>) => {
    const response = await as('PUT', '/api/applicant', {
      applicant: { id: created.applicant.id, ...applicant },
      jobId,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  if (options.answers) await put({ answerMap: options.answers });
  const finish = options.finish ?? 'submit';
  if (finish === 'submit') await put({ timestamp: { submitted: new Date().toISOString() } });
  if (finish === 'quit') await put({ timestamp: { quited: new Date().toISOString() } });
  return created;
}

/** Uploads a recording through multipart and signed URLs, as the candidate app does. */
export async function uploadRecording(
  app: FastifyInstance,
  origin: string,
  created: CreateApplicantResponse,
  questId: string,
  bytes: Buffer = ANSWER_WEBM,
): Promise<string> {
  const jobId = created.applicant.jobInfo.jobId;
  const fileKey = multipartKey(
    jobId,
    recordingFileName({
      applicantId: created.applicant.id,
      jobId,
      questId,
      kind: 'face',
      container: 'webm',
    }),
  );
  const as = callAsCandidate(app, created.candidateToken);
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  const start = await as(
    'GET',
    `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm;codecs=vp8,opus' })}`,
  );
  expect(start.statusCode, start.body).toBe(200);
  const { uploadId } = start.json() as { uploadId: string };
  const signed = await as(
    'GET',
    `/api/upload/sign_multipart?${q({ fileKey, uploadId, partNum: 1 })}`,
  );
  expect(signed.statusCode, signed.body).toBe(200);
  const url = new URL((signed.json() as { signedURL: string }).signedURL, origin);
  const put = await fetch(`${origin}${url.pathname}${url.search}`, { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  const done = await as('POST', `/api/upload/complete_multipart?${q({ fileKey, uploadId })}`, {
    parts: [{ PartNumber: 1, ETag: put.headers.get('etag')! }],
  });
  expect(done.statusCode, done.body).toBe(200);
  return fileKey;
}

/** Fetches a signed URL of this server (a same-origin path) from the listening app. */
export function fetchSigned(origin: string, signedUrl: string, init: RequestInit = {}) {
  const url = new URL(signedUrl, origin);
  return fetch(`${origin}${url.pathname}${url.search}`, init);
}

/** A recruiter's call, with the access token of `account`. */
export function recruiter(app: FastifyInstance, account: SignedUp) {
  return (method: 'GET' | 'PUT', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: bearer(account.accessToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** Everything a review call may write about one applicant, to show that nothing was written. */
export async function snapshotApplicant(app: FastifyInstance, applicantId: string) {
  const [row] = await app.db.select().from(applicants).where(eq(applicants.id, applicantId));
  const [noteCount] = await app.db
    .select({ n: count() })
    .from(notes)
    .where(eq(notes.applicantId, applicantId));
  const [eventCount] = await app.db
    .select({ n: count() })
    .from(timelineEvents)
    .where(eq(timelineEvents.applicantId, applicantId));
  return { row, notes: noteCount?.n ?? 0, events: eventCount?.n ?? 0 };
}

/** How many activities were recorded so far (to show a refused call logged nothing). */
export async function activityCount(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(activities);
  return row?.n ?? 0;
}
