import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import {
  ERROR_MESSAGES_EN,
  multipartKey,
  RECORDING_MIME_TYPES,
  recordingFileName,
  type ErrorKey,
  type RecordingContainer,
} from '@candid/domain';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { MemoryKvStore, Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError, isAppError } from '../../lib/app-error';
import {
  attachRecordingToAnswer,
  detachRecordingFromAnswer,
  toCandidateApplicant,
} from '../applicants/applicants.service';
import { toCandidateScope, type CandidateScope } from '../applicants/candidate-auth';
import { assertAcceptsStartedInterview, getInterviewJob } from '../jobs/interview-job';
import { notifyApplicantSaved } from '../realtime/realtime.service';
import {
  baseMimeType,
  findUpload,
  finishRecording,
  resolveRecordingTarget,
  saveStartedUpload,
  assertInterviewOpen,
  findFinishedTusUploadIds,
  isOwnUpload,
  deleteDiscardedUpload,
  countNewTake,
} from './interview-uploads.service';
import { can, candidateActor } from '../../policies';
import { scannedDurationSec, streamWithDuration, WebmScanner } from './webm-duration';

/** Where the tus endpoint lives (DESIGN §5): `POST` creates, `HEAD`/`PATCH`/`DELETE` the rest. */
export const TUS_PATH = '/api/upload/tus';
/** An unfinished upload untouched for this long is removed by the expiration sweep. */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** How often expired unfinished uploads and finished staging copies are swept. */
export const TUS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A finished upload's staging copy is kept this long after the recording was stored: a client
 * whose last PATCH answer was lost asks HEAD again and must find the upload complete.
 */
export const TUS_FINISHED_KEEP_MS = 60 * 60 * 1000;
/** PATCHes larger than this are not scanned on the way (their upload is scanned at the end). */
const SCAN_PATCH_MAX_BYTES = 8 * 1024 * 1024;
/** Ids the tus server gives uploads (`Uid.rand`: 16 random bytes in hex). */
const TUS_ID_PATTERN = /^[0-9a-f]{32}$/;

const CONTAINERS: Record<string, RecordingContainer> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
};

type TusStore = FileStore | S3Store;
type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>
>[0];

/** The tus error the server answers with: the API's one error body `{ status, key, message }`. */
/** Whether the tus store answered that an upload does not exist (any more): 404 or 410. */
function isGoneUpload(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return status === 404 || status === 410;
}

function tusError(error: AppError): { status_code: number; body: string } {
  return {
    status_code: error.status,
    body: JSON.stringify({ status: error.status, key: error.key, message: error.message }),
  };
}

/** The key of a status tus itself answers with (offset conflicts, sizes, missing uploads). */
function keyOfStatus(status: number): ErrorKey {
  if (status === 401) return 'LOGIN_REQUIRED_ERR';
  if (status === 403) return 'FORBIDDEN_ERR';
  if (status === 404 || status === 410) return 'NOT_FOUND_ERR';
  if (status === 413) return 'PAYLOAD_TOO_LARGE_ERR';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE_ERR';
  if (status >= 500) return 'INTERNAL_ERR';
  return 'VALIDATION_ERR';
}

/** The tus store, and the S3 store's metadata cache (null on the file store). */
function createStore(config: AppConfig): {
  store: TusStore;
  s3Cache: MemoryKvStore<MetadataValue> | null;
} {
  if (config.storage.driver === 's3') {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } =
      config.storage;
    const s3Cache = new MemoryKvStore<MetadataValue>();
    const store = new S3Store({
      cache: s3Cache,
      expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
      // Expiry is swept by the server itself (deleteExpired), not by bucket lifecycle tags.
      useTags: false,
      s3ClientConfig: {
        bucket,
        region,
        endpoint,
        forcePathStyle,
        ...(accessKeyId && secretAccessKey
          ? { credentials: { accessKeyId, secretAccessKey } }
          : {}),
      },
    });
    return { store, s3Cache };
  }
  const store = new FileStore({
    directory: path.join(config.dataDir, 'tus'),
    expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
  });
  return { store, s3Cache: null };
}

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
  const { store, s3Cache } = createStore(config);
  const scopes = new WeakMap<TusRequest, CandidateScope>();

  async function authenticate(req: TusRequest): Promise<CandidateScope> {
    const scope = await scopeOfHeader(req.headers.get('authorization'));
    scopes.set(req, scope);
    return scope;
  }

  /** The candidate scope of an Authorization header; a tus error when there is none. */
  async function scopeOfHeader(header: string | null | undefined): Promise<CandidateScope> {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw tusError(new AppError('LOGIN_REQUIRED_ERR'));
    let scope: CandidateScope | null;
    try {
      scope = toCandidateScope(await app.tokens.verify(match[1]!, 'candidate'));
    } catch (error) {
      throw tusError(isAppError(error) ? error : new AppError('INVALID_TOKEN_ERR'));
    }
    if (!scope) throw tusError(new AppError('INVALID_TOKEN_ERR'));
    return scope;
  }

  async function assertOpen(scope: CandidateScope): Promise<void> {
    try {
      await assertInterviewOpen(app.db, scope);
    } catch (error) {
      throw isAppError(error) ? tusError(error) : error;
    }
  }

  /** The upload's metadata as the server wrote it at creation; 403 for another applicant. */
  async function getOwnedUpload(scope: CandidateScope, id: string): Promise<Upload> {
    const upload = await store.getUpload(id);
    const meta = upload.metadata ?? {};
    const own = can(candidateActor(scope), 'interview.answer', {
      applicantId: meta.applicantId ?? '',
      jobId: meta.jobId ?? '',
    });
    if (!own || !meta.key) {
      throw tusError(
        new AppError('FORBIDDEN_ERR', { message: 'The upload belongs to another applicant' }),
      );
    }
    return upload;
  }

  /**
   * A finished upload: copied to its key, webm duration written, upload row completed, the
   * recording named in the answer and the recruiter told. Nothing when a newer take replaced
   * it or it was finalised already.
   */
  async function finalize(upload: Upload): Promise<void> {
    const meta = upload.metadata ?? {};
    const row = meta.key ? await findUpload(app.db, meta.key) : null;
    if (!row || row.uploadId !== upload.id) return;
    if (row.status === 'completed') return;
    const startedAt = performance.now();
    const body = (await store.read(upload.id)) as Readable;
    const log = app.log.child({ uploadId: upload.id });
    const deps = { db: app.db, storage: app.storage, now: app.now(), log };
    const scanned = scans.get(upload.id);
    scans.delete(upload.id);
    let durationSec: number | null;
    if (
      scanned &&
      scanned.offset === upload.offset &&
      row.contentType === RECORDING_MIME_TYPES.webm
    ) {
      // Scanned while it arrived: one pass copies it with its Duration written.
      const scan = scanned.scanner.result();
      let size = 0;
      const withDuration = Readable.from(
        streamWithDuration(body, scan, (count) => {
          size += count;
        }),
      );
      await app.storage.putObject(row.key, withDuration, { contentType: row.contentType });
      ({ durationSec } = await finishRecording(deps, row, size, scannedDurationSec(scan)));
    } else {
      await app.storage.putObject(row.key, body, { contentType: row.contentType });
      ({ durationSec } = await finishRecording(deps, row, upload.offset));
    }
    const storedAt = performance.now();
    const scope = { applicantId: meta.applicantId!, jobId: meta.jobId! };
    const saved = await attachRecordingToAnswer(app.db, scope, {
      questId: meta.questId!,
      field: meta.kind === 'screen' ? 'screenKey' : 'faceKey',
      key: row.key,
      resTimeSec: durationSec ?? 0,
      now: app.now(),
    });
    if (saved) {
      const applicant = await toCandidateApplicant(saved.row, saved.job, app.storage);
      notifyApplicantSaved(app, saved.job.ownerId, 'updated', applicant);
    }
    // Where the last PATCH's time goes (the candidate waits for it): copy, then answer.
    log.debug(
      {
        storeMs: Math.round(storedAt - startedAt),
        answerMs: Math.round(performance.now() - storedAt),
        bytes: upload.offset,
      },
      'tus upload finalised',
    );
  }

  /**
   * A discarded take (Retake, issue 13): whatever of it reached the server goes. Its upload row,
   * its stored copy when it finished, and its key in the answer (the server names a finished
   * recording there before the candidate saves); tus then removes the staging file. A take
   * replaced by a newer one of the same key keeps that newer one's row and object. Answers of a
   * submitted interview are final: nothing changes then (409 from assertOpen).
   */
  async function discardTake(scope: CandidateScope, upload: Upload): Promise<void> {
    await assertOpen(scope);
    const meta = upload.metadata ?? {};
    const removed = await deleteDiscardedUpload(
      { db: app.db, storage: app.storage },
      scope,
      meta.key!,
      upload.id,
    );
    scans.delete(upload.id);
    if (!removed || !meta.questId) return;
    await detachRecordingFromAnswer(app.db, scope, {
      questId: meta.questId,
      field: meta.kind === 'screen' ? 'screenKey' : 'faceKey',
      key: meta.key!,
      now: app.now(),
    });
  }

  /**
   * Webm recordings are scanned as their PATCHes arrive (a PATCH's bytes count once the store
   * holds them), so finishing knows the Duration without reading the file again. An upload
   * whose scan is missing (a restart, a torn PATCH) is scanned in full when it finishes.
   */
  const scans = new Map<string, { scanner: WebmScanner; offset: number }>();
  const writeToStore = store.write.bind(store) as (
    stream: Readable,
    id: string,
    offset: number,
  ) => Promise<number>;
  store.write = async (stream: Readable, id: string, offset: number) => {
    const entry = offset === 0 ? { scanner: new WebmScanner(), offset: 0 } : scans.get(id);
    scans.delete(id);
    if (!entry || entry.offset !== offset) return writeToStore(stream, id, offset);
    const pieces: Buffer[] = [];
    let seen = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen <= SCAN_PATCH_MAX_BYTES) pieces.push(chunk);
        callback(null, chunk);
      },
    });
    stream.once('error', (error) => tee.destroy(error));
    const newOffset = await writeToStore(stream.pipe(tee), id, offset);
    if (seen <= SCAN_PATCH_MAX_BYTES && newOffset === offset + seen) {
      try {
        for (const piece of pieces) entry.scanner.push(piece);
        entry.offset = newOffset;
        scans.set(id, entry);
      } catch {
        // Not a webm the scanner reads: finishing scans the whole file instead.
      }
    }
    return newOffset;
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
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
      const meta = upload.metadata ?? {};
      const fileType = meta.filetype ?? '';
      const container = CONTAINERS[baseMimeType(fileType)];
      if (!container) {
        throw tusError(
          new AppError('UNSUPPORTED_MEDIA_TYPE_ERR', {
            message: 'filetype must be video/webm or video/mp4',
          }),
        );
      }
      const { questId, kind, applicantId } = meta;
      if (!questId || (kind !== 'face' && kind !== 'screen')) {
        throw tusError(
          new AppError('VALIDATION_ERR', {
            message: 'Upload-Metadata must name questId and kind (face or screen)',
          }),
        );
      }
      if (!applicantId || !can(candidateActor(scope), 'interview.answer', { applicantId })) {
        throw tusError(
          new AppError('FORBIDDEN_ERR', { message: 'The upload names another applicant' }),
        );
      }
      await assertOpen(scope);
      const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
      try {
        assertAcceptsStartedInterview(job, app.now());
      } catch (error) {
        throw isAppError(error) ? tusError(error) : error;
      }
      const key = multipartKey(
        scope.jobId,
        recordingFileName({ applicantId, jobId: scope.jobId, questId, kind, container }),
      );
      let target;
      try {
        target = resolveRecordingTarget(scope, job, key, fileType);
      } catch (error) {
        throw isAppError(error) ? tusError(error) : error;
      }
      const previous = await findUpload(app.db, key);
      if (previous && !isOwnUpload(scope, previous)) {
        throw tusError(new AppError('FORBIDDEN_ERR'));
      }
      // A tus creation is a new take (a resume never creates): counted, and refused (409) on a
      // one-try job beyond 1 + the approved extra retakes, before the earlier take goes. Except
      // when it replaces an unfinished upload of the key that received no byte (the same take
      // created again: a POST whose answer was lost), or one the stale-upload sweep removed
      // (the candidate's device still holds that take and sends it again: refusing it would
      // lose a recorded answer).
      const replacesEmptyTake =
        previous?.status === 'started' &&
        previous.uploadId !== null &&
        previous.uploadId !== upload.id &&
        (await store.getUpload(previous.uploadId).then(
          (earlier) => earlier.offset === 0,
          (error: unknown) => isGoneUpload(error),
        ));
      if (!replacesEmptyTake) {
        try {
          await countNewTake(app.db, scope, job, target, app.now());
        } catch (error) {
          throw isAppError(error) ? tusError(error) : error;
        }
      }
      if (previous?.status === 'started' && previous.uploadId && previous.uploadId !== upload.id) {
        // A retake: the earlier take's unfinished upload is dropped.
        await store.remove(previous.uploadId).catch(() => undefined);
      }
      await saveStartedUpload(app.db, scope, target, upload.id, app.now());
      return {
        metadata: {
          applicantId: scope.applicantId,
          jobId: scope.jobId,
          questId,
          kind,
          filetype: target.contentType,
          key,
        },
      };
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
    // The S3 store keeps every upload's metadata in this cache and its expiry does not drop
    // what it removed: a later HEAD of a removed upload would read the stale entry (500, and
    // the client retries forever) instead of answering 404. It refills from the bucket.
    s3Cache?.data.clear();
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

  /**
   * Removes a finished upload's staging copy. The S3 store's own `remove` gives up on a
   * finished upload (its multipart upload is completed, so aborting it answers NoSuchUpload
   * before the objects are deleted and the cached metadata dropped): there the object and its
   * `.info` are deleted directly, and the cache entry with them.
   */
  async function removeStaging(id: string): Promise<void> {
    await store.remove(id).catch(() => undefined);
    if (s3Cache) {
      for (const key of [id, `${id}.info`]) {
        await app.storage.deleteObject(key).catch(() => undefined);
      }
      await s3Cache.delete(id);
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
