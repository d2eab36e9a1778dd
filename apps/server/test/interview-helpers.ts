import type { CreateApplicantResponse, Job } from '@candid/domain';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { jobs } from '../src/db/schema';
import { bearer, type SignedUp, uniqueEmail } from './factories';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';

/** Test helpers of the candidate side (interview-*.test.ts, realtime*.test.ts). */

export const CANDIDATE_INFO = {
  fName: 'Yael',
  lName: 'Cohen',
  email: 'yael@example.com',
  phone: '050-1234567',
  hometown: 'Haifa',
};

/** A recruiter's job created through the API, with the given question types. */
export async function createInterviewJob(
  app: FastifyInstance,
  owner: SignedUp,
  types: Parameters<typeof questionPayload>[0][] = ['video'],
  rule: Record<string, unknown> = {},
): Promise<Job> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/job',
    headers: bearer(owner.accessToken),
    payload: { job: jobPayload({ quests: types.map((type) => questionPayload(type)), rule }) },
  });
  if (response.statusCode !== 201) throw new Error(`job: ${response.statusCode} ${response.body}`);
  return response.json() as Job;
}

export async function archiveJob(app: FastifyInstance, jobId: string): Promise<void> {
  await app.db.update(jobs).set({ archivedAt: new Date() }).where(eq(jobs.id, jobId));
}

/**
 * Starts an interview as a candidate would. Each call is another person (an address of its
 * own) unless `info` says otherwise: the same address on the same job resumes its interview.
 */
export async function startInterview(
  app: FastifyInstance,
  jobId: string,
  info: Record<string, unknown> = { ...CANDIDATE_INFO, email: uniqueEmail('yael') },
): Promise<CreateApplicantResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/applicant',
    payload: { applicant: { info }, jobId, consent: { version: 0, language: 'en' } },
  });
  if (response.statusCode !== 201) {
    throw new Error(`applicant: ${response.statusCode} ${response.body}`);
  }
  return response.json() as CreateApplicantResponse;
}

/** Calls the API with a candidate token. */
export function callAsCandidate(app: FastifyInstance, token: string) {
  return (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined
        ? {}
        : { payload: payload as Record<string, unknown> | Buffer | string }),
    });
}

/**
 * A candidate starts and submits an interview of `job` (first question answered in text, the
 * others left out); returns the applicant's id.
 */
export async function submitTextInterview(
  app: FastifyInstance,
  job: Job,
  candidate: { fName: string; email: string },
): Promise<string> {
  const { applicant, candidateToken } = await startInterview(app, job._id, {
    ...CANDIDATE_INFO,
    ...candidate,
  });
  const response = await callAsCandidate(app, candidateToken)('PUT', '/api/applicant', {
    applicant: {
      id: applicant.id,
      answerMap: { [job.quests[0]!.id]: { txt: 'My answer', resTime: 20 } },
      timestamp: { submitted: new Date().toISOString() },
    },
    jobId: job._id,
  });
  expect(response.statusCode, response.body).toBe(200);
  return applicant.id;
}

export { accountWith };
