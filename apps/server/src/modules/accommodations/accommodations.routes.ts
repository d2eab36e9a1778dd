import {
  accommodationDecisionBodySchema,
  accommodationRequestBodySchema,
  accommodationResponseSchema,
  applicantDetailsParamsSchema,
  applicantIdParamsSchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggedActor, staffOf } from '../../policies';
import { candidateOf, decorateCandidate, requireCandidate } from '../applicants/candidate-auth';
import { toCandidateApplicant } from '../applicants/applicants.service';
import { getInterviewJob } from '../jobs/interview-job';
import { notifyAccommodationDecided, notifyApplicantSaved } from '../realtime/realtime.service';
import {
  decideAccommodation,
  getOwnAccommodation,
  requestAccommodation,
} from './accommodations.service';

const TAGS = ['accommodations'];
const BEARER = [{ bearerAuth: [] }];

/**
 * Accommodations. The candidate (candidate token, own applicant only) reads and asks;
 * a recruiter of the applicant's organisation decides. Both ends hear of the other live: the
 * request reaches the job owner's open back office as "save applicant", the decision reaches
 * the candidate's interview as "accommodation decided".
 */
export async function accommodationsRoutes(app: FastifyInstance) {
  decorateCandidate(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/applicant/:id/accommodation',
    {
      schema: {
        tags: TAGS,
        summary: "Candidate token: the own applicant's adjustment request, or null",
        params: applicantIdParamsSchema,
        response: { 200: accommodationResponseSchema },
        security: BEARER,
      },
      onRequest: requireCandidate,
    },
    async (request) => ({
      accommodation: await getOwnAccommodation(app.db, candidateOf(request), request.params.id),
    }),
  );

  api.put(
    '/applicant/:id/accommodation',
    {
      schema: {
        tags: TAGS,
        summary:
          'Candidate token: ask for extra time on each question (extraTimePct 50 or 100) and/or extra takes of each question (extraRetakes 1 or 2, one-try jobs only: 400 on a job with retakes) with a reason (1–500 characters), or replace a pending request; 409 once an answer started or the request was decided',
        params: applicantIdParamsSchema,
        body: accommodationRequestBodySchema,
        response: { 200: accommodationResponseSchema },
        security: BEARER,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const { accommodation, applicant } = await requestAccommodation(
        { db: app.db, now: app.now() },
        scope,
        request.params.id,
        request.body,
      );
      const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
      notifyApplicantSaved(
        app,
        job.ownerId,
        'accommodationRequested',
        await toCandidateApplicant(applicant, job, app.storage),
      );
      return { accommodation };
    },
  );

  api.put(
    '/job/:jobId/:applicantId/accommodation',
    {
      schema: {
        tags: TAGS,
        summary:
          "Approve or decline the applicant's pending adjustment request `{decision, viewAsId}`; 404 when none, 409 once decided, 403 when locked",
        params: applicantDetailsParamsSchema,
        body: accommodationDecisionBodySchema,
        response: { 200: accommodationResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const viewer = staffOf(request);
      const { accommodation, applicant, ownerId } = await decideAccommodation(
        { db: app.db, now: app.now() },
        viewer,
        loggedActor(viewer),
        request.params,
        request.body.decision,
      );
      notifyAccommodationDecided(app, applicant.id, accommodation);
      const job = await getInterviewJob(app.db, applicant.jobId, { activeOnly: false });
      notifyApplicantSaved(
        app,
        ownerId,
        'updated',
        await toCandidateApplicant(applicant, job, app.storage),
      );
      return { accommodation };
    },
  );
}
