import {
  cloneJobBodySchema,
  createJobBodySchema,
  emptyReplySchema,
  fillJobBlanks,
  jobAccessBodySchema,
  jobAccessResponseSchema,
  jobCountQuerySchema,
  jobCountResponseSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobSchema,
  publicJobSchema,
  updateJobsBodySchema,
  updateJobsResponseSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listReplySerializer } from '../../lib/list-reply-serializer';
import { z } from 'zod';
import { authorize, isStaff, staffOf } from '../../policies';
import { getJobAccess, jobListScope, setJobReviewers } from './job-reviewers';
import { findUserById } from '../users/users.service';
import {
  cloneJobById,
  createJob,
  deleteJob,
  getJob,
  getPublicJob,
  updateJobs,
} from './jobs.service';
import { countJobs, listJobs } from './jobs.list';

const TAGS = ['jobs'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/**
 * Jobs: the job overview, counts, one job, create, update (archive and restore
 * included), permanent delete and clone, all within the caller's organisation (or, for an
 * admin, the organisation of the user in `viewAsId`); another organisation's job is "not
 * found". Plus the public invitation data a candidate's page reads without logging in.
 */
export async function jobsRoutes(app: FastifyInstance) {
  /**
   * Fills a saved job's blanks (untitled-job, company, question) in the language of
   * the account the job is saved for, before validation, so a Hebrew recruiter who clears a
   * title gets "משרה ללא שם" and not the schema's English fallback. Input of the wrong shape is
   * left for validation to refuse.
   */
  const fillBlanksInCallersLanguage = async (request: FastifyRequest) => {
    const actor = request.actor;
    const body = request.body as { job?: unknown; jobs?: unknown } | null;
    if (!isStaff(actor) || typeof body !== 'object' || body === null) return;
    const language = (await findUserById(app.db, actor.id))?.language;
    if (language === undefined) return;
    // A new job without a scorecard gets the default one in the same language.
    if ('job' in body) body.job = fillJobBlanks(body.job, language, { isNew: true });
    if (Array.isArray(body.jobs)) body.jobs = body.jobs.map((job) => fillJobBlanks(job, language));
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/job',
    {
      schema: {
        tags: TAGS,
        summary:
          'The job overview: search (title, location), archive view, sort (`field:order`), 1-based pages of 30',
        querystring: jobListQuerySchema,
        response: { 200: jobListResponseSchema },
        security: BEARER,
      },
      serializerCompiler: listReplySerializer,
      onRequest: app.requireUser,
    },
    async (request) => listJobs(app.db, jobListScope(staffOf(request)), request.query),
  );

  api.get(
    '/job/jobCount',
    {
      schema: {
        tags: TAGS,
        summary: 'How many jobs match the filters (search and archive view)',
        querystring: jobCountQuerySchema,
        response: { 200: jobCountResponseSchema },
        security: BEARER,
      },
      serializerCompiler: listReplySerializer,
      onRequest: app.requireUser,
    },
    async (request) => {
      const counted = await countJobs(app.db, jobListScope(staffOf(request)), request.query);
      return { jobCount: counted.value, jobCountCapped: counted.capped };
    },
  );

  api.get(
    '/job/:id',
    {
      schema: {
        tags: TAGS,
        summary: "One of the organisation's jobs",
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: jobSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      // A job a reviewer is not assigned to is "not found", as another organisation's is.
      authorize(actor, 'job.read', { orgId: actor.orgId, jobId: request.params.id });
      return getJob(app.db, actor.orgId, request.params.id);
    },
  );

  api.get(
    '/job/:id/access',
    {
      schema: {
        tags: TAGS,
        summary:
          'Who can see the job: everyone of the organisation, the owner and recruiters always, reviewers when assigned; and whether the caller assigns them',
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: jobAccessResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => getJobAccess(app.db, staffOf(request), request.params.id),
  );

  api.put(
    '/job/:id/access',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: the reviewers who see the job `{reviewerIds}` (all others lose it); 400 for anyone who is not a reviewer of the organisation',
        params: idParamsSchema,
        body: jobAccessBodySchema,
        querystring: viewAsQuerySchema,
        response: { 200: jobAccessResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      setJobReviewers(
        app.db,
        staffOf(request),
        request.params.id,
        request.body.reviewerIds,
        app.now(),
      ),
  );

  api.get(
    '/job/:id/public',
    {
      schema: {
        tags: TAGS,
        summary:
          'Public: what the invitation and interview pages show of an active job (no correct answers); INTERVIEW_NOT_AVAILABLE_ERR when archived or missing',
        params: idParamsSchema,
        response: { 200: publicJobSchema },
      },
    },
    async (request) => getPublicJob(app.db, request.params.id, app.now()),
  );

  api.post(
    '/job',
    {
      schema: {
        tags: TAGS,
        summary:
          'Create a job `{job, viewAsId}`: blanks get the spec defaults, HTML is sanitised, answer types are checked against the plan (403)',
        body: createJobBodySchema,
        response: { 201: jobSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
      preValidation: fillBlanksInCallersLanguage,
    },
    async (request, reply) => {
      const job = await createJob(app.db, {
        actor: staffOf(request),
        input: request.body.job,
        now: app.now(),
      });
      return reply.status(201).send(job);
    },
  );

  api.put(
    '/job',
    {
      schema: {
        tags: TAGS,
        summary:
          'Update jobs `{jobs[], viewAsId}`, all or nothing; applicants are ignored; `archivedAt` set archives, null restores',
        body: updateJobsBodySchema,
        response: { 200: updateJobsResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
      preValidation: fillBlanksInCallersLanguage,
    },
    async (request) => {
      const jobs = await updateJobs(app.db, {
        actor: staffOf(request),
        inputs: request.body.jobs,
        now: app.now(),
      });
      return { jobs };
    },
  );

  // The product's first URL was `DELETE job/{id}/{viewAsId}`; it keeps working for the clients
  // that use it, out of the document: as a path it is the same as `/job/{jobId}/{applicantId}`,
  // so the document names view-as once, as the query parameter of `DELETE /job/{id}`.
  for (const [url, params, hide] of [
    ['/job/:id', idParamsSchema, false],
    ['/job/:id/:viewAsId', z.object({ id: z.string(), viewAsId: z.string() }), true],
  ] as const) {
    api.delete(
      url,
      {
        schema: {
          hide,
          tags: TAGS,
          summary:
            'Delete an archived job for good, with its applicants (400 when it is not archived)',
          params,
          // The web app sends view-as in the query on every job call; both places are read.
          querystring: viewAsQuerySchema,
          response: { 200: emptyReplySchema },
          security: BEARER,
        },
        onRequest: app.requireUser,
      },
      async (request) => {
        await deleteJob(app.db, {
          actor: staffOf(request),
          id: request.params.id,
          now: app.now(),
        });
        return {};
      },
    );
  }

  api.post(
    '/job/:id/clone',
    {
      schema: {
        tags: TAGS,
        summary:
          'Clone a job ("copy of {title}", no applicants, active). The spec names no path for this call; this one is ours',
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        body: cloneJobBodySchema,
        response: { 201: jobSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const job = await cloneJobById(app.db, {
        actor: staffOf(request),
        id: request.params.id,
        now: app.now(),
      });
      return reply.status(201).send(job);
    },
  );
}
