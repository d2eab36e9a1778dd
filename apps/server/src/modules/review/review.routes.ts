import {
  applicantCountQuerySchema,
  applicantCountResponseSchema,
  applicantDetailsParamsSchema,
  applicantDetailsResponseSchema,
  applicantListQuerySchema,
  applicantListResponseSchema,
  applicantVideosParamsSchema,
  applicantVideosResponseSchema,
  CV_MAX_BYTES,
  cvUploadQuerySchema,
  deleteApplicantResponseSchema,
  deleteApplicantsBodySchema,
  deleteApplicantsResponseSchema,
  rateApplicantBodySchema,
  rateApplicantResponseSchema,
  replaceCvResponseSchema,
  updateApplicantsBodySchema,
  updateApplicantsResponseSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import * as contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listReplySerializer } from '../../lib/list-reply-serializer';
import { loggedActor, staffOf } from '../../policies';
import { toCandidateApplicant } from '../applicants/applicants.service';
import { notifyApplicantSaved, notifyReviewers } from '../realtime/realtime.service';
import { listJobViewerIds } from '../jobs/job-reviewers';
import { updateApplicants, replaceApplicantCv } from './review.changes';
import { deleteApplicants } from './review.deletion';
import { exportApplicant } from './review.export';
import { getApplicantDetails, getApplicantVideos } from './review.details';
import { countApplicants, listApplicants } from './review.query';
import { rateApplicant } from './review.ratings';
import {
  findOrgApplicant,
  type ReviewActor,
  type Reviewer,
} from '../applicant-records/applicant-access';

const TAGS = ['applicants'];
const BEARER = [{ bearerAuth: [] }];

/**
 * The recruiter's side of applicants ("Jobs"; wire contract in
 * `packages/domain/src/applicants/review-api.schemas.ts`): the overview and its counts, one
 * applicant's details and answers, changes (status, read, archive, details, notes) and permanent
 * deletion. Every call needs a recruiter's access token (a candidate token is refused), works in
 * the caller's organisation or, for an admin, in that of the user in `viewAsId`, and treats
 * another organisation's applicant as not found.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The acting user with their plan, and who is logged as having acted. */
  function reviewerOf(request: FastifyRequest): { viewer: Reviewer; actor: ReviewActor } {
    const viewer = staffOf(request);
    return { viewer, actor: loggedActor(viewer) };
  }

  api.get(
    '/job/applicant',
    {
      schema: {
        tags: TAGS,
        summary:
          'The applicant overview: search, statuses (comma list), daysAgo, incomplete, archive view, jobId (404 when not an organisation job), sort `field:order` (free users: default only), 1-based pages',
        querystring: applicantListQuerySchema,
        response: { 200: applicantListResponseSchema },
        security: BEARER,
      },
      serializerCompiler: listReplySerializer,
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer } = reviewerOf(request);
      return listApplicants(
        { db: app.db, storage: app.storage, now: app.now() },
        viewer,
        request.query,
      );
    },
  );

  api.get(
    '/job/applicantCount',
    {
      schema: {
        tags: TAGS,
        summary:
          'How many applicants match the filters, and how many unarchived ones the organisation (or the job) has',
        querystring: applicantCountQuerySchema,
        response: { 200: applicantCountResponseSchema },
        security: BEARER,
      },
      serializerCompiler: listReplySerializer,
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer } = reviewerOf(request);
      return countApplicants({ db: app.db, now: app.now() }, viewer, request.query);
    },
  );

  api.get(
    '/job/applicantVideos/:applicantId/:jobId',
    {
      schema: {
        tags: TAGS,
        summary:
          'The answers with short-lived signed URLs and recording lengths; records a "watch" activity; 403 when locked for a free user',
        params: applicantVideosParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: applicantVideosResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer, actor } = reviewerOf(request);
      return getApplicantVideos(
        { db: app.db, storage: app.storage, now: app.now() },
        viewer,
        actor,
        request.params,
      );
    },
  );

  api.get(
    '/job/:jobId/:applicantId',
    {
      schema: {
        tags: TAGS,
        summary:
          "One applicant of the job with CV links, notes, timeline and the job's questions; 403 when locked for a free user",
        params: applicantDetailsParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: applicantDetailsResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer } = reviewerOf(request);
      const applicant = await getApplicantDetails(
        { db: app.db, storage: app.storage },
        viewer,
        request.params,
      );
      return { applicant };
    },
  );

  api.put(
    '/job/applicant',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change applicants `{applicants, viewAsId}`, all or nothing: status (409 before submit or while archived), isRead, archivedAt, info, newNote (bookmark needs BOOKMARKS), removeNoteId',
        body: updateApplicantsBodySchema,
        response: { 200: updateApplicantsResponseSchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer, actor } = reviewerOf(request);
      const updated = await updateApplicants(
        { db: app.db, storage: app.storage, now: app.now() },
        viewer,
        actor,
        request.body.applicants,
      );
      for (const applicant of updated) {
        if (!applicant.changed) continue;
        const candidateView = await toCandidateApplicant(
          applicant.row,
          { id: applicant.row.jobId, title: applicant.jobTitle },
          app.storage,
        );
        notifyApplicantSaved(app, applicant.ownerId, 'updated', candidateView);
      }
      return { applicants: updated.map((applicant) => applicant.item) };
    },
  );

  api.put(
    '/job/:jobId/:applicantId/rating',
    {
      schema: {
        tags: TAGS,
        summary:
          "Set, change or clear (score null) the caller's own 1–5 rating of a criterion of the job's scorecard or of an answer `{targetType: criterion|question, targetId, score, viewAsId}`; adds a timeline event and updates the applicant's average; 400 for a target not of the job, 403 when locked",
        params: applicantDetailsParamsSchema,
        body: rateApplicantBodySchema,
        response: { 200: rateApplicantResponseSchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer, actor } = reviewerOf(request);
      const ratings = await rateApplicant(
        { db: app.db, now: app.now() },
        viewer,
        actor,
        request.params,
        request.body,
      );
      // The other reviewers' open pages show the new averages without a reload.
      const { applicant, job } = await findOrgApplicant(
        app.db,
        viewer.orgId,
        request.params.applicantId,
        request.params.jobId,
      );
      // Everyone who sees the job: not the reviewers who are not on it.
      const reviewers = await listJobViewerIds(app.db, viewer.orgId, job.id);
      notifyReviewers(
        app,
        job.ownerId,
        reviewers,
        [viewer.user.id, viewer.id],
        'rated',
        await toCandidateApplicant(applicant, { id: job.id, title: job.title }, app.storage),
      );
      return { ratings };
    },
  );

  api.put(
    '/job/applicantDelete',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete archived applicants for good `{applicants: [{id}], viewAsId}`, all or nothing (409 when one is not archived), with their files',
        body: deleteApplicantsBodySchema,
        response: { 200: deleteApplicantsResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer, actor } = reviewerOf(request);
      const deletedCount = await deleteApplicants(
        { db: app.db, storage: app.storage, now: app.now(), log: request.log },
        viewer,
        actor,
        request.body.applicants.map((applicant) => applicant.id),
      );
      return { deletedCount };
    },
  );

  api.get(
    '/job/:jobId/:applicantId/export',
    {
      schema: {
        tags: TAGS,
        summary:
          "A candidate's data request: the applicant's data as a zip streamed to the caller, `applicant.json` (details, answers' text, notes, timeline, ratings) and the stored files (recordings, CV, images); 403 when locked. Recorded as an activity with ids only",
        params: applicantDetailsParamsSchema,
        querystring: viewAsQuerySchema,
        produces: ['application/zip'],
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { viewer, actor } = reviewerOf(request);
      const { fileName, stream } = await exportApplicant(
        { db: app.db, storage: app.storage, now: app.now() },
        viewer,
        actor,
        request.params,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition.create(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  api.delete(
    '/job/:jobId/:applicantId/data',
    {
      schema: {
        tags: TAGS,
        summary:
          "A candidate's deletion request: deletes the applicant now, whatever its status, with its notes, timeline, ratings and stored files (files storage refuses are removed by the next retention sweep). Recorded as an activity with ids only",
        params: applicantDetailsParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: deleteApplicantResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { viewer, actor } = reviewerOf(request);
      const deletedCount = await deleteApplicants(
        { db: app.db, storage: app.storage, now: app.now(), log: request.log },
        viewer,
        actor,
        [request.params.applicantId],
        { anyStatus: true, jobId: request.params.jobId },
      );
      return { deletedCount };
    },
  );

  // The CV arrives as the raw file body: every content type is read as a buffer here.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/job/:jobId/:applicantId/cv',
      {
        schema: {
          tags: TAGS,
          summary: `Replace the applicant's CV (raw PDF, DOC or DOCX body, at most ${CV_MAX_BYTES} bytes; type checked by Content-Type or extension AND by content); 403 when locked`,
          params: applicantDetailsParamsSchema,
          querystring: cvUploadQuerySchema.extend(viewAsQuerySchema.shape),
          response: { 200: replaceCvResponseSchema },
          security: BEARER,
        },
        bodyLimit: CV_MAX_BYTES,
        onRequest: app.requireUser,
      },
      async (request) => {
        const { viewer, actor } = reviewerOf(request);
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
        return replaceApplicantCv(
          { db: app.db, storage: app.storage, now: app.now() },
          viewer,
          actor,
          request.params,
          { name: request.query.name, contentType: contentType.toLowerCase(), body: request.body },
        );
      },
    );
  });
}
