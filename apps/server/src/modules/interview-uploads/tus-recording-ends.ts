import { Readable } from 'node:stream';
import { RECORDING_MIME_TYPES } from '@candid/domain';
import type { Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import {
  attachRecordingToAnswer,
  detachRecordingFromAnswer,
  toCandidateApplicant,
} from '../applicants/applicants.service';
import type { CandidateScope } from '../applicants/candidate-auth';
import { notifyApplicantSaved } from '../realtime/realtime.service';
import { deleteDiscardedUpload, findUpload, finishRecording } from './interview-uploads.service';
import type { TusCandidateChecks } from './tus-candidate-checks';
import { DurableS3Store } from './durable-s3-store';
import type { TusStore } from './tus-protocol';
import type { TusScans } from './tus-recording-scans';
import { scannedDurationSec, streamWithDuration } from './webm-duration';

/** How a tus upload ends: finished (stored and named in the answer) or discarded (a retake). */
export function tusRecordingEnds(
  app: FastifyInstance,
  store: TusStore,
  scans: TusScans,
  checks: TusCandidateChecks,
) {
  const { assertOpen } = checks;

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
   * A discarded take (Retake): whatever of it reached the server goes. Its upload row,
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
   * Removes a finished upload's staging copy. The S3 store's own `remove` gives up on a
   * finished upload (its multipart upload is completed, so aborting it answers NoSuchUpload
   * before the objects are deleted): there the object and its `.info` are deleted directly.
   */
  async function removeStaging(id: string): Promise<void> {
    await store.remove(id).catch(() => undefined);
    if (store instanceof DurableS3Store) {
      for (const key of [id, `${id}.info`]) {
        await app.storage.deleteObject(key).catch(() => undefined);
      }
    }
  }

  return { finalize, discardTake, removeStaging };
}
