import { ERROR_MESSAGES_EN } from '@candid/domain';
import { ERRORS, Server, TUS_RESUMABLE } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError, isAppError } from '../../lib/app-error';
import type { CandidateScope } from '../applicants/candidate-auth';
import { findFinishedTusUploadIds, findUpload, isOwnUpload } from './interview-uploads.service';
import { tusCandidateChecks } from './tus-candidate-checks';
import { createTusLocker } from './tus-lockers';
import { checkTusHeaders, createStore, keyOfStatus, tusError } from './tus-protocol';
import { tusRecordingEnds } from './tus-recording-ends';
import { scanWebmWrites } from './tus-recording-scans';
import { createTusUpload } from './tus-upload-create';

/** Where the tus endpoint lives: `POST` creates, `HEAD`/`PATCH`/`DELETE` the rest. */
export const TUS_PATH = '/api/upload/tus';
/** How often expired unfinished uploads and finished staging copies are swept. */
export const TUS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A finished upload's staging copy is kept this long after the recording was stored: a client
 * whose last PATCH answer was lost asks HEAD again and must find the upload complete.
 */
export const TUS_FINISHED_KEEP_MS = 60 * 60 * 1000;
/** Ids the tus server gives uploads (`Uid.rand`: 16 random bytes in hex). */
const TUS_ID_PATTERN = /^[0-9a-f]{32}$/;

type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>
>[0];

/**
 * Recordings over tus 1.0 (creation, creation-defer-length, termination, expiration): the
 * browser streams each take while it is recorded, a PATCH per recorder chunk, and resumes from
 * HEAD's offset after a reload or a dropped connection. Every request carries the candidate
 * token; the upload's metadata names applicant, question and kind, from which the server
 * derives the storage key itself (the multipart path's key), refusing anyone else's. A finished
 * upload is copied to that key, gets its webm duration, is named in the applicant's answer and
 * announced to the recruiter ("save applicant").
 */
export async function tusUploadsRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const store = createStore(config);
  const { locker, close: closeLocker } = createTusLocker(config, (error) =>
    app.log.warn({ err: error }, 'tus upload lock store error'),
  );
  app.addHook('onClose', closeLocker);
  const scopes = new WeakMap<TusRequest, CandidateScope>();

  const checks = tusCandidateChecks(app, store);
  const { scopeOfHeader, assertOpen, getOwnedUpload } = checks;

  async function authenticate(req: TusRequest): Promise<CandidateScope> {
    const scope = await scopeOfHeader(req.headers.get('authorization'));
    scopes.set(req, scope);
    return scope;
  }

  const scans = scanWebmWrites(store);
  const { finalize, discardTake, removeStaging } = tusRecordingEnds(app, store, scans, checks);

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    locker,
    relativeLocation: true,
    maxSize: config.recordingMaxBytes,
    allowedOrigins: [new URL(config.publicUrl).origin],
    async onIncomingRequest(req, id) {
      const scope = await authenticate(req);
      if (req.method === 'POST') return;
      const upload = await getOwnedUpload(scope, id);
      if (req.method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size) {
        // Complete, but its finalisation may have failed (the last PATCH then answered 500):
        // the client asks again before it believes the upload is done.
        await finalize(upload);
      }
      if (req.method === 'DELETE') {
        await discardTake(scope, upload);
        return;
      }
      if (req.method !== 'PATCH') return;
      if (upload.size !== undefined && upload.offset === upload.size) {
        // Nothing more is taken; a client that missed the last answer learns the end from HEAD.
        await finalize(upload);
        throw tusError(
          new AppError('UPLOAD_OFFSET_CONFLICT_ERR', { message: 'The upload is finished already' }),
        );
      }
      await assertOpen(scope);
      const row = await findUpload(app.db, upload.metadata!.key!);
      if (!row || row.uploadId !== id || !isOwnUpload(scope, row)) {
        throw tusError(
          new AppError('NOT_FOUND_ERR', { message: 'A newer take replaced this upload' }),
        );
      }
    },
    async onUploadCreate(req, upload) {
      const scope = scopes.get(req) ?? (await authenticate(req));
      return createTusUpload(app, store, checks, scope, upload);
    },
    async onUploadFinish(_req, upload) {
      await finalize(upload);
      return {};
    },
    onResponseError(_req, error) {
      if ('status_code' in error && typeof error.body === 'string' && error.body.startsWith('{')) {
        return { status_code: error.status_code, body: error.body };
      }
      if (isAppError(error)) return tusError(error);
      // Waiting for another request to let the upload go is no server fault: tus says 423.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return tusError(new AppError('UPLOAD_LOCKED_ERR'));
      const status = 'status_code' in error ? error.status_code : 500;
      if (status >= 500) app.log.error({ err: error }, 'tus upload failed');
      const key = keyOfStatus(status);
      const message =
        status < 500 && 'body' in error && typeof error.body === 'string'
          ? error.body.trim()
          : ERROR_MESSAGES_EN[key];
      return { status_code: status, body: JSON.stringify({ status, key, message }) };
    },
  });

  /** Expired unfinished uploads, and staging copies of uploads stored a while ago. */
  async function sweep(): Promise<void> {
    await tus.cleanUpExpiredUploads();
    const now = app.now().getTime();
    const finished = await findFinishedTusUploadIds(
      app.db,
      new Date(now - TUS_FINISHED_KEEP_MS - 3 * TUS_SWEEP_INTERVAL_MS),
      new Date(now - TUS_FINISHED_KEEP_MS),
    );
    for (const uploadId of finished) {
      if (TUS_ID_PATTERN.test(uploadId)) await removeStaging(uploadId);
    }
  }

  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'tus sweep failed'));
  }, TUS_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // The body stays a stream for the tus server: no parser in this scope reads it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /**
   * A PATCH that declares the length the upload already has is taken as not declaring it.
   * tus-js-client resumes a deferred-length upload from HEAD without taking its length, and
   * declares it again with the last bytes; @tus/server refuses any second declaration (400),
   * so a last PATCH cut off after the server recorded the length (a phone losing signal at
   * Finish) could never be completed: the recording would be lost.
   */
  async function dropRepeatedLength(request: FastifyRequest): Promise<void> {
    const declared = request.raw.headers['upload-length'];
    const { id } = request.params as { id?: string };
    if (typeof declared !== 'string' || !id || !TUS_ID_PATTERN.test(id)) return;
    const upload = await store.getUpload(id).catch(() => null);
    if (upload?.size === undefined || String(upload.size) !== declared.trim()) return;
    delete request.raw.headers['upload-length'];
    const raw = request.raw.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) {
      if (raw[i]!.toLowerCase() === 'upload-length') raw.splice(i, 2);
    }
  }

  /**
   * DELETE of a finished upload (a take discarded after it was stored) is answered here: the
   * S3 store's own termination gives up on a finished upload (see removeStaging), so the tus
   * server would answer 404 and leave the staging copy. Unfinished uploads go to tus as usual.
   */
  async function terminateFinished(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { id } = request.params as { id?: string };
    if (!id || !TUS_ID_PATTERN.test(id)) return false;
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return false;
    try {
      const scope = await scopeOfHeader(request.headers.authorization);
      await discardTake(scope, await getOwnedUpload(scope, id));
      await removeStaging(id);
      await reply.header('Tus-Resumable', '1.0.0').code(204).send();
    } catch (error) {
      const answer = isAppError(error)
        ? tusError(error)
        : (error as { status_code?: number; body?: string });
      if (typeof answer.status_code !== 'number' || typeof answer.body !== 'string') throw error;
      await reply
        .header('Tus-Resumable', '1.0.0')
        .header('Content-Type', 'application/json')
        .code(answer.status_code)
        .send(answer.body);
    }
    return true;
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = checkTusHeaders(request);
    if (refused) {
      const answer = tusError(refused);
      await reply
        .header('Tus-Resumable', TUS_RESUMABLE)
        .header('Tus-Version', TUS_RESUMABLE)
        .header('Content-Type', 'application/json')
        .code(answer.status_code)
        .send(answer.body);
      return;
    }
    if (request.method === 'DELETE' && (await terminateFinished(request, reply))) return;
    if (request.method === 'PATCH') await dropRepeatedLength(request);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of ['/upload/tus', '/upload/tus/:id']) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS', 'GET'],
      url,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler,
    });
  }
}
