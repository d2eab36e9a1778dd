import {
  applicantIdParamsSchema,
  mediaCheckReportBodySchema,
  mediaCheckResponseSchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { candidateOf, decorateCandidate, requireCandidate } from '../applicants/candidate-auth';
import { reportMediaCheck } from './media-checks.service';

/** The candidate's device check outcome (candidate token, own applicant only). */
export async function mediaChecksRoutes(app: FastifyInstance) {
  decorateCandidate(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/applicant/:id/media-check',
    {
      schema: {
        tags: ['applicants'],
        summary:
          'Candidate token: how the device check ended, `passed` or `faceSkipped` (reason NOT_RECOGNIZED, faceTries ≥ 2: the face was not recognised that many times and the candidate went on without it). Stored with the applicant (a new report replaces the last), a timeline entry and an activity; 409 once the interview was submitted or quit',
        params: applicantIdParamsSchema,
        body: mediaCheckReportBodySchema,
        response: { 200: mediaCheckResponseSchema },
        security: [{ bearerAuth: [] }],
      },
      onRequest: requireCandidate,
    },
    async (request) => ({
      mediaCheck: await reportMediaCheck(
        { db: app.db, now: app.now() },
        candidateOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
}
