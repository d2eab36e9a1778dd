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
  resumeWithCodeBodySchema,
  statusLinkResponseSchema,
  updateApplicantBodySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { recordCandidateFile } from '../interview-uploads/interview-uploads.service';
import {
  assertAcceptsStartedInterview,
  assertJobOpen,
  getInterviewJob,
  type InterviewJob,
} from '../jobs/interview-job';
import type { AppConfig } from '../../config';
import { statusPageLink, statusToken } from './status-link';
import { notifyApplicantSaved } from '../realtime/realtime.service';
import { sniffImageType } from '../uploads/uploads.service';
import { applicantFileKey, imageFileName } from './applicant-files';
import { storeApplicantCv } from './store-cv';
import { consumeResumeCode, resumeApplicant, sendResumeCode } from './resume.service';
import {
  createApplicant,
  findInterviewToResume,
  getOwnApplicant,
  toCandidateApplicant,
  updateOwnApplicant,
} from './applicants.service';
import { setApplicantImage } from '../applicant-records/applicant-store';
import type { ApplicantRow } from './applicants.service';
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
 * The candidate side of the product "Applicants": create (public, returns the candidate token),
 * read and update the token's own applicant, and its CV, face image and answer images.
 * Recruiter review calls will join this module with `app.requireUser`.
 */
export async function applicantsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'> },
) {
  decorateCandidate(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The answer of a resumed interview: the applicant and a fresh candidate token. */
  const resumedReply = async (row: ApplicantRow, job: InterviewJob) => {
    const candidateToken = await signCandidateToken(
      app,
      { applicantId: row.id, jobId: job.id, orgId: job.orgId },
      CANDIDATE_TOKEN_TTL_SEC,
    );
    const applicant = await toCandidateApplicant(row, job, app.storage);
    notifyApplicantSaved(app, job.ownerId, 'updated', applicant);
    return { applicant, candidateToken, resumed: true };
  };

  api.post(
    '/applicant',
    {
      schema: {
        tags: ['applicants'],
        summary:
          "Public: start an interview. Creates the applicant (opened now) with the consent notice `consent: {version, language}` the candidate accepted (CONSENT_REQUIRED_ERR without it) and returns a candidate token scoped to it; INTERVIEW_NOT_AVAILABLE_ERR for an archived or missing job; ?demo=1 is refused (previews store nothing). When the e-mail already has an interview under way on the job, no applicant is made: with that applicant's candidate token (the same device) it is resumed (200, resumed: true); without, a code is e-mailed to the address and the answer is 409 INTERVIEW_IN_PROGRESS_ERR (then `POST applicant/resume`)",
        querystring: createApplicantQuerySchema,
        body: createApplicantBodySchema,
        response: { 200: createApplicantResponseSchema, 201: createApplicantResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.query.demo === '1' || request.query.demo === 'true') {
        throw new AppError('VALIDATION_ERR', { message: 'A demo interview stores nothing' });
      }
      const now = app.now();
      const openJob = await getInterviewJob(app.db, request.body.jobId, { activeOnly: true });
      assertJobOpen(openJob, now);
      const underWay = await findInterviewToResume(app.db, {
        jobId: openJob.id,
        email: request.body.applicant.info.email,
        ...(request.body.inviteToken ? { inviteToken: request.body.inviteToken } : {}),
      });
      if (underWay) {
        // The device that started it proves it with the applicant's own candidate token.
        const actor = request.actor;
        if (actor.kind === 'candidate' && actor.scope.applicantId === underWay.id) {
          const row = await resumeApplicant(app.db, underWay, openJob, now);
          return reply.status(200).send(await resumedReply(row, openJob));
        }
        const queued = await sendResumeCode(
          { db: app.db, secret: opts.config.jwtSecret, now, publicUrl: opts.config.publicUrl },
          underWay,
          openJob,
          request.body.language ?? 'en',
        );
        if (queued) void app.mailQueue.kick();
        throw new AppError('INTERVIEW_IN_PROGRESS_ERR');
      }
      const { row, job } = await createApplicant(app.db, {
        userAgent: request.headers['user-agent'],
        jobId: request.body.jobId,
        info: request.body.applicant.info,
        now: app.now(),
        ...(request.body.inviteToken ? { inviteToken: request.body.inviteToken } : {}),
        ...(request.body.consent ? { consent: request.body.consent } : {}),
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

  api.post(
    '/applicant/resume',
    {
      schema: {
        tags: ['applicants'],
        summary:
          'Public: resume the interview the e-mail has under way on the job with the code `POST applicant` e-mailed (15 minutes, single use, 5 wrong tries). Answers the applicant and a fresh candidate token; CONFIRMATION_CODE_MISMATCH_ERR otherwise',
        body: resumeWithCodeBodySchema,
        response: { 200: createApplicantResponseSchema },
      },
    },
    async (request) => {
      const now = app.now();
      const job = await getInterviewJob(app.db, request.body.jobId, { activeOnly: true });
      assertJobOpen(job, now);
      const underWay = await findInterviewToResume(app.db, {
        jobId: job.id,
        email: request.body.email,
      });
      if (!underWay) throw new AppError('CONFIRMATION_CODE_MISMATCH_ERR');
      await consumeResumeCode(
        { db: app.db, secret: opts.config.jwtSecret, now },
        underWay.id,
        request.body.code,
      );
      const row = await resumeApplicant(app.db, underWay, job, now);
      return resumedReply(row, job);
    },
  );

  api.post(
    '/applicant/:id/resume',
    {
      schema: {
        tags: ['applicants'],
        summary:
          "Candidate token: the candidate is back in the token's own unfinished interview (a reload, a crash, another day): clears a quit recorded before, adds a resumed timeline entry and answers the applicant (answers saved so far, submitted and quit times) with a fresh candidate token. A submitted interview is answered as it is (resumed: false)",
        params: applicantIdParamsSchema,
        response: { 200: createApplicantResponseSchema },
        security: candidateSecurity,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const current = await getOwnApplicant(app.db, scope, request.params.id);
      const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
      if (current.submittedAt) {
        const candidateToken = await signCandidateToken(app, scope, CANDIDATE_TOKEN_TTL_SEC);
        const applicant = await toCandidateApplicant(current, job, app.storage);
        return { applicant, candidateToken, resumed: false };
      }
      assertAcceptsStartedInterview(job, app.now());
      const row = await resumeApplicant(app.db, current, job, app.now());
      return resumedReply(row, job);
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
