import { applicantExportFileName, cvOriginalName } from '@candid/domain';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import { authorize } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import { getApplicantDetails } from './review.details';
import {
  type Reviewer,
  type ReviewActor,
  activityMeta,
  findOrgApplicant,
} from '../applicant-records/applicant-access';

/**
 * A candidate's data request: one applicant's data as a zip, `applicant.json`
 * (details, answers' text, notes, timeline, ratings, the consent notice it accepted) and the stored files (recordings, CV,
 * images). The zip is streamed: the JSON first, then each file read from storage only when the
 * zip reaches it, so neither the archive nor a recording is ever held in memory whole.
 */

interface ExportFile {
  key: string;
  /** Path inside the zip. */
  path: string;
  size: number;
  contentType: string;
}

/** A name safe inside a zip on every system: no folders, no control or reserved characters. */
function safeName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(0, 120) || 'file';
}

function extensionOf(key: string): string {
  const ext = path.posix.extname(key);
  return /^\.[a-z0-9]{1,8}$/i.test(ext) ? ext.toLowerCase() : '';
}

/**
 * Builds the export of one applicant: checks the caller may open it (locked ones stay closed),
 * reads its details, looks up which stored files still exist, records the export (ids only) and
 * returns the zip's stream and file name.
 */
export async function exportApplicant(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
): Promise<{ fileName: string; stream: Readable }> {
  const { db, storage, now } = deps;
  const { applicant } = await findOrgApplicant(db, viewer.orgId, params.applicantId, params.jobId);
  authorize(viewer, 'applicant.export', applicant);
  const details = await getApplicantDetails({ db, storage }, viewer, params);

  const wanted: { key: string; path: string }[] = [];
  if (applicant.cvKey) {
    wanted.push({
      key: applicant.cvKey,
      path: `cv/${safeName(cvOriginalName(applicant.cvName) || `cv${extensionOf(applicant.cvKey)}`)}`,
    });
  }
  if (applicant.imgKey) {
    wanted.push({ key: applicant.imgKey, path: `images/photo${extensionOf(applicant.imgKey)}` });
  }
  const questions = details.job.quests;
  const answerEntries = Object.entries(applicant.answerMap ?? {}).sort(
    ([a], [b]) =>
      (questions.findIndex((quest) => quest.id === a) + 1 || Infinity) -
      (questions.findIndex((quest) => quest.id === b) + 1 || Infinity),
  );
  const answerFiles = new Map<string, string[]>();
  answerEntries.forEach(([questId, answer], index) => {
    const prefix = `answers/${String(index + 1).padStart(2, '0')}-${safeName(questId)}`;
    const files: string[] = [];
    for (const [kind, key] of [
      ['camera', answer.faceKey],
      ['screen', answer.screenKey],
      ['image', answer.imgKey],
    ] as const) {
      if (!key) continue;
      const filePath = `${prefix}-${kind}${extensionOf(key)}`;
      wanted.push({ key, path: filePath });
      files.push(filePath);
    }
    answerFiles.set(questId, files);
  });

  const files: ExportFile[] = [];
  const missing: string[] = [];
  for (const file of wanted) {
    const info = await storage.headObject(file.key);
    if (info) files.push({ ...file, size: info.size, contentType: info.contentType });
    else missing.push(file.path);
  }

  const document = {
    exportedAt: now.toISOString(),
    applicant: {
      id: applicant.id,
      fName: applicant.fName,
      lName: applicant.lName,
      email: applicant.email,
      phone: applicant.phone,
      hometown: applicant.hometown,
      status: applicant.status,
      isPreview: applicant.isPreview,
      createdAt: applicant.createdAt.toISOString(),
      updatedAt: applicant.updatedAt.toISOString(),
      archivedAt: applicant.archivedAt ? applicant.archivedAt.toISOString() : null,
      timestamp: details.timestamp,
      cv: applicant.cvName || null,
      rating: details.rating,
    },
    job: { id: details.job._id, title: details.job.title },
    answers: answerEntries.map(([questId, answer]) => {
      const question = questions.find((quest) => quest.id === questId);
      return {
        questId,
        question: question?.txt ?? null,
        txt: answer.txt ?? null,
        optIdx: answer.optIdx ?? null,
        options:
          answer.optIdx && question?.opts
            ? answer.optIdx.map((i) => question.opts?.[i]?.txt ?? null)
            : null,
        resTime: answer.resTime ?? null,
        files: answerFiles.get(questId) ?? [],
      };
    }),
    notes: details.notes,
    timeline: details.timeline,
    ratings: details.ratings,
    accommodation: details.accommodation ?? null,
    mediaCheck: details.mediaCheck ?? null,
    consent: details.consent ?? null,
    files: files.map(({ path: filePath, size, contentType }) => ({
      path: filePath,
      size,
      contentType,
    })),
    missingFiles: missing,
  };

  await recordActivity(db, {
    type: 'export',
    target: 'applicant',
    userId: actor.userId,
    orgId: viewer.orgId,
    meta: activityMeta(actor, {
      applicantId: applicant.id,
      jobId: applicant.jobId,
      files: files.length,
    }),
    date: now,
  });

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2), 'utf8'), 'applicant.json', {
    mtime: now,
  });
  for (const file of files) {
    // Media is already compressed: stored as is, which also keeps the CPU free.
    zip.addReadStreamLazy(file.path, { mtime: now, compress: false, size: file.size }, (done) => {
      storage.getObject(file.key).then(
        (object) => done(null, object.body),
        (error: unknown) => done(error, undefined as unknown as Readable),
      );
    });
  }
  // A file storage refuses half-way ends the download with an error, never a truncated zip
  // that looks complete.
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return { fileName: applicantExportFileName(applicant.id, now), stream: output };
}
