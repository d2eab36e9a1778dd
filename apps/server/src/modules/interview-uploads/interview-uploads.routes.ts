import {
  abortMultipartResponseSchema,
  completeMultipartBodySchema,
  completeMultipartResponseSchema,
  listPartsResponseSchema,
  multipartQuerySchema,
  signedUrlResponseSchema,
  signMultipartQuerySchema,
  signUploadQuerySchema,
  startMultipartQuerySchema,
  startMultipartResponseSchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  candidateOf,
  decorateCandidate,
  requireCandidate,
  type CandidateScope,
} from '../applicants/candidate-auth';
import { assertAcceptsStartedInterview, getInterviewJob } from '../jobs/interview-job';
import {
  resolveRecordingTarget,
  toUploadError,
  UPLOAD_URL_TTL_SEC,
  assertInterviewOpen,
} from './interview-uploads.service';
import {
  abortMultipart,
  completeMultipart,
  getOwnedMultipart,
  signSinglePut,
  startMultipart,
  toWireParts,
} from './multipart-uploads';

const security = [{ bearerAuth: [] }];

/**
 * Recording uploads of the product "Uploads" (candidate token). Browsers send the bytes straight
 * to storage through signed URLs; the server only checks keys (this token's applicant and job,
 * a question that records that kind), signs, lists, completes and aborts, and tracks every
 * upload in `uploads` (started → completed/aborted). S3's part rules hold on both adapters:
 * every part but the last at least 5 MiB.
 */
export async function interviewUploadsRoutes(app: FastifyInstance) {
  decorateCandidate(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The token's job, and 409 once the interview is submitted (answers are final then). */
  async function openInterview(request: FastifyRequest): Promise<{
    scope: CandidateScope;
    job: Awaited<ReturnType<typeof getInterviewJob>>;
  }> {
    const scope = candidateOf(request);
    await assertInterviewOpen(app.db, scope);
    const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
    assertAcceptsStartedInterview(job, app.now());
    return { scope, job };
  }

  /** The token's interview and the recording a key names, checked against its questions. */
  async function openRecordingTarget(request: FastifyRequest, fileKey: string, fileType?: string) {
    const { scope, job } = await openInterview(request);
    return { scope, job, target: resolveRecordingTarget(scope, job, fileKey, fileType) };
  }

  const deps = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    now: app.now(),
    log: request.log,
  });

  api.get(
    '/upload/start_multipart',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Candidate token: start (or resume: the same uploadId while one is unfinished) a multipart upload of a recording; restart=1 starts afresh. Each upload that is not a resume is a new take: 409 on a one-try job once 1 + the approved extra retakes were started for the question',
        querystring: startMultipartQuerySchema,
        response: { 200: startMultipartResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const { scope, job, target } = await openRecordingTarget(
        request,
        request.query.fileKey,
        request.query.fileType,
      );
      const { uploadId } = await startMultipart(
        deps(request),
        scope,
        job,
        target,
        request.query.restart === '1',
      ).catch((error: unknown) => {
        throw toUploadError(error);
      });
      return { uploadId };
    },
  );

  api.get(
    '/upload/sign_multipart',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Candidate token: a signed URL to PUT one part (1–10000)',
        querystring: signMultipartQuerySchema,
        response: { 200: signedUrlResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const { fileKey, uploadId, partNum } = request.query;
      const { scope } = await openRecordingTarget(request, fileKey);
      const row = await getOwnedMultipart(app.db, scope, fileKey, uploadId);
      if (row.status !== 'started') throw new AppError('NOT_FOUND_ERR');
      const signedURL = await app.storage
        .signPartUrl(fileKey, uploadId, partNum, { expiresInSec: UPLOAD_URL_TTL_SEC })
        .catch((error: unknown) => {
          throw toUploadError(error);
        });
      return { signedURL };
    },
  );

  api.post(
    '/upload/list_parts',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Candidate token: the parts storage holds so far (resume after a reload)',
        querystring: multipartQuerySchema,
        response: { 200: listPartsResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const { fileKey, uploadId } = request.query;
      const row = await getOwnedMultipart(app.db, scope, fileKey, uploadId);
      if (row.status !== 'started') throw new AppError('NOT_FOUND_ERR');
      const parts = await app.storage.listParts(fileKey, uploadId).catch((error: unknown) => {
        throw toUploadError(error);
      });
      return { parts: toWireParts(parts) };
    },
  );

  api.post(
    '/upload/complete_multipart',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Candidate token: join the parts into the recording (ascending PartNumber, ETags from the part PUTs); a webm gets its Duration written so it seeks',
        querystring: multipartQuerySchema,
        body: completeMultipartBodySchema,
        response: { 200: completeMultipartResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const { fileKey, uploadId } = request.query;
      const row = await getOwnedMultipart(app.db, scope, fileKey, uploadId);
      const result = await completeMultipart(deps(request), row, request.body.parts);
      return { key: fileKey, ...result };
    },
  );

  api.get(
    '/upload/abort_multipart',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Candidate token: abandon an unfinished multipart upload',
        querystring: multipartQuerySchema,
        response: { 200: abortMultipartResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const scope = candidateOf(request);
      const { fileKey, uploadId } = request.query;
      const row = await getOwnedMultipart(app.db, scope, fileKey, uploadId);
      await abortMultipart(deps(request), row);
      return { aborted: true as const };
    },
  );

  api.get(
    '/upload/sign',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Candidate token: a signed URL to PUT a whole recording at once (Content-Type must equal fileType); it counts as stored once an answer names it. A new take: 409 on a one-try job once its takes are used',
        querystring: signUploadQuerySchema,
        response: { 200: signedUrlResponseSchema },
        security,
      },
      onRequest: requireCandidate,
    },
    async (request) => {
      const { scope, job, target } = await openRecordingTarget(
        request,
        request.query.fileKey,
        request.query.fileType,
      );
      const signedURL = await signSinglePut(deps(request), scope, job, target);
      return { signedURL };
    },
  );
}
