import {
  answerImageQuerySchema,
  applicantIdParamsSchema,
  applicantResponseSchema,
  CANDIDATE_IMAGE_MIME_TYPES,
  CANDIDATE_TOKEN_TTL_SEC,
  candidateImageResponseSchema,
  createApplicantBodySchema,
  createApplicantQuerySchema,
  createApplicantResponseSchema,
  CV_MAX_BYTES,
  cvUploadQuerySchema,
  cvUploadResponseSchema,
  getAnswerType,
  IMAGE_MAX_BYTES,
  statusLinkResponseSchema,
  updateApplicantBodySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { recordCandidateFile } from '../interview-uploads/interview-uploads.service';
import { assertAcceptsStartedInterview, getInterviewJob } from '../jobs/interview-job';
import type { AppConfig } from '../../config';
import { statusPageLink, statusToken } from '../application-status/application-status.service';
import { notifyApplicantSaved } from '../realtime/realtime.service';
import { sniffImageType } from '../uploads/uploads.service';
import { applicantFileKey, imageFileName } from './applicant-files';
import { storeApplicantCv } from './store-cv';
import {
  createApplicant,
  getOwnApplicant,
  toCandidateApplicant,
  updateOwnApplicant,
} from './applicants.service';
import { setApplicantImage } from '../review/applicant-records';
import {
  candidateOf,
  decorateCandidate,
  requireCandidate,
  signCandidateToken,
} from './candidate-auth';

/** Lifetime of the URL an image upload answers with. */
const IMAGE_URL_TTL_SEC = 10 * 60;

const candidateSecurity = [{ bearerAuth: [] }];

function declaredType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The candidate side of spec §7 "Applicants": create (public, returns the candidate token),
 * read and update the token's own applicant, and its CV, face image and answer images.
 * Recruiter review calls will join this module with `app.requireUser`.
 */
export async function applicantsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'> },
) {
  decorateCandidate(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/applicant',
    {
      schema: {
        tags: ['applicants'],
        summary:
          'Public: start an interview (spec §4). Creates the applicant (opened now) and returns a candidate token scoped to it; INTERVIEW_NOT_AVAILABLE_ERR for an archived or missing job; ?demo=1 is refused (previews store nothing)',
        querystring: createApplicantQuerySchema,
        body: createApplicantBodySchema,
        response: { 201: createApplicantResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.query.demo === '1' || request.query.demo === 'true') {
        throw new AppError('VALIDATION_ERR', { message: 'A demo interview stores nothing' });
      }
      const { row, job } = await createApplicant(app.db, {
        jobId: request.body.jobId,
        info: request.body.applicant.info,
        now: app.now(),
        ...(request.body.inviteToken ? { inviteToken: request.body.inviteToken } : {}),
      });
      const candidateToken = await signCandidateToken(
        app,
        { applicantId: row.id, jobId: job.id, orgId: job.orgId },
        CANDIDATE_TOKEN_TTL_SEC,
      );
      const applicant = await toCandidateApplicant(row, job, app.storage);
      notifyApplicantSaved(app, job.ownerId, 'created', applicant);
      return reply.status(201).send({ applicant, candidateToken });
    },
  );

  api.get(
    '/applicant/:id',
    {
      schema: {
        tags: ['applicants'],
        summary: "Candidate token: the token's own applicant (any other id is NOT_FOUND_ERR)",
        params: applicantIdParamsSchema,
        response: { 200: applicantResponseSchema },
        security: candidateSecurity,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const row = await getOwnApplicant(app.db, scope, request.params.id);
      const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
      return { applicant: await toCandidateApplicant(row, job, app.storage) };
    },
  );

  api.put(
    '/applicant',
    {
      schema: {
        tags: ['applicants'],
        summary:
          'Candidate token: update details, answers (merged by question id), quit (timestamp.quited) or submit (timestamp.submitted; 409 until every question is answered and every recording stored)',
        body: updateApplicantBodySchema,
        response: { 200: applicantResponseSchema },
        security: candidateSecurity,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const { row, job, change } = await updateOwnApplicant(
        {
          db: app.db,
          storage: app.storage,
          now: app.now(),
          log: request.log,
          secret: opts.config.jwtSecret,
          publicUrl: opts.config.publicUrl,
        },
        candidateOf(request),
        request.body,
      );
      // The confirmation e-mail was queued with the submit: send it now.
      if (change.submitted) void app.mailQueue.kick();
      const applicant = await toCandidateApplicant(row, job, app.storage);
      notifyApplicantSaved(
        app,
        job.ownerId,
        change.submitted ? 'submitted' : change.quited ? 'quited' : 'updated',
        applicant,
      );
      return { applicant };
    },
  );

  api.post(
    '/applicant/:id/status-link',
    {
      schema: {
        tags: ['applicants'],
        summary:
          "Candidate token: the private link to the status page of the token's own submitted interview (the thank-you page shows it); 409 before the submit",
        params: applicantIdParamsSchema,
        response: { 200: statusLinkResponseSchema },
        security: candidateSecurity,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const row = await getOwnApplicant(app.db, candidateOf(request), request.params.id);
      if (!row.submittedAt) {
        throw new AppError('VALIDATION_ERR', {
          status: 409,
          message: 'The interview is not submitted yet',
        });
      }
      const token = statusToken(opts.config.jwtSecret, row.id);
      return { url: statusPageLink(opts.config.publicUrl, token) };
    },
  );

  // Raw file bodies: every content type is read as a buffer in this scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const files = scope.withTypeProvider<ZodTypeProvider>();

    files.post(
      '/applicant/:id/cv',
      {
        schema: {
          tags: ['applicants'],
          summary: `Candidate token: upload the CV (raw PDF, DOC or DOCX body, at most ${CV_MAX_BYTES} bytes; type checked by Content-Type or extension AND by content)`,
          params: applicantIdParamsSchema,
          querystring: cvUploadQuerySchema,
          response: { 201: cvUploadResponseSchema },
          security: candidateSecurity,
        },
        bodyLimit: CV_MAX_BYTES,
        onRequest: requireCandidate,
      },
      async (request, reply) => {
        const candidate = candidateOf(request);
        const applicant = await getOwnApplicant(app.db, candidate, request.params.id);
        const stored = await storeApplicantCv(
          { db: app.db, storage: app.storage, now: app.now() },
          { ...candidate, applicantId: applicant.id },
          { name: request.query.name, contentType: declaredType(request), body: request.body },
        );
        return reply.status(201).send(stored);
      },
    );

    const storeImage = async (
      request: FastifyRequest,
      folder: 'image' | 'answers',
      prefix: string,
      questionId?: string,
    ) => {
      const candidate = candidateOf(request);
      const body = request.body;
      const declared = declaredType(request);
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('VALIDATION_ERR');
      if (!(CANDIDATE_IMAGE_MIME_TYPES as readonly string[]).includes(declared)) {
        throw new AppError('VALIDATION_ERR', { message: 'validation.IMAGE_FORMAT_VALIDATE' });
      }
      const actual = sniffImageType(body);
      if (actual !== declared || (actual !== 'image/jpeg' && actual !== 'image/png')) {
        throw new AppError('VALIDATION_ERR', { message: 'validation.IMAGE_FORMAT_VALIDATE' });
      }
      const now = app.now();
      const key = applicantFileKey(
        candidate.jobId,
        candidate.applicantId,
        folder,
        imageFileName(prefix, actual),
      );
      await app.storage.putObject(key, body, { contentType: actual });
      await recordCandidateFile(app.db, {
        scope: candidate,
        kind: folder === 'image' ? 'face-image' : 'answer-image',
        key,
        contentType: actual,
        sizeBytes: body.length,
        questionId,
        now,
      });
      const url = await app.storage.signGetUrl(key, { expiresInSec: IMAGE_URL_TTL_SEC });
      return { key, url, now };
    };

    files.post(
      '/applicant/:id/image',
      {
        schema: {
          tags: ['applicants'],
          summary: `Candidate token: the face image (raw JPEG or PNG, at most ${IMAGE_MAX_BYTES / 1024} KB); sets the applicant's image`,
          params: applicantIdParamsSchema,
          response: { 201: candidateImageResponseSchema },
          security: candidateSecurity,
        },
        bodyLimit: IMAGE_MAX_BYTES,
        onRequest: requireCandidate,
      },
      async (request, reply) => {
        const applicant = await getOwnApplicant(app.db, candidateOf(request), request.params.id);
        const { key, url, now } = await storeImage(request, 'image', 'face');
        await setApplicantImage(app.db, applicant.id, key, now);
        return reply.status(201).send({ key, url });
      },
    );

    files.post(
      '/applicant/:id/answer-image',
      {
        schema: {
          tags: ['applicants'],
          summary: `Candidate token: an image answer (raw JPEG or PNG, at most ${IMAGE_MAX_BYTES / 1024} KB); save the returned key as answerMap[questId].imgKey`,
          params: applicantIdParamsSchema,
          querystring: answerImageQuerySchema,
          response: { 201: candidateImageResponseSchema },
          security: candidateSecurity,
        },
        bodyLimit: IMAGE_MAX_BYTES,
        onRequest: requireCandidate,
      },
      async (request, reply) => {
        const candidate = candidateOf(request);
        await getOwnApplicant(app.db, candidate, request.params.id);
        const job = await getInterviewJob(app.db, candidate.jobId, { activeOnly: false });
        assertAcceptsStartedInterview(job, app.now());
        const quest = job.quests.find((q) => q.id === request.query.questId);
        if (!quest || getAnswerType(quest.ansRule) !== 'image') {
          throw new AppError('VALIDATION_ERR', { message: 'Not an image question of this job' });
        }
        const { key, url } = await storeImage(request, 'answers', quest.id, quest.id);
        return reply.status(201).send({ key, url });
      },
    );
  });
}
