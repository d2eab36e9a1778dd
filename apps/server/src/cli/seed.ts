/**
 * `npm run seed`: a demo recruiter with jobs, templates and applicants (with real recorded
 * answers), and a reviewer of their organisation on one job, so a newcomer's back office is
 * populated and the reviewer's role can be tried. Writes to the database and object storage
 * the server uses (DATABASE_URL, else the embedded one under DATA_DIR, default the repository's
 * `data/`; STORAGE_DRIVER and its settings); stop the embedded server first. Running it again
 * changes nothing: the demo account is found and left as it is, and its applicants are added only
 * while its organisation has none (so a demo account seeded before applicants existed gets them);
 * the reviewer likewise, while that address is free.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DEFAULT_PLAN,
  RECORDING_MIME_TYPES,
  ORG_ROLES,
  ROLES,
  cvStorageName,
  getAnswerType,
  isAdmin,
  jobSaveInputSchema,
  multipartKey,
  recordingFileName,
  templateSaveInputSchema,
} from '@candid/domain';
import { loadConfig, loadEnvFile, type AppConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import type { StoredAnswer, TimelineActivity } from '../db/schema';
import { applicantFileKey } from '../modules/applicants/applicant-files';
import { hashPassword } from '../modules/auth/passwords';
import { galleryCoverUrl } from '../modules/covers/covers.gallery';
import { fixStoredWebmDuration } from '../modules/interview-uploads/webm-duration';
import { recordStoredObject } from '../modules/interview-uploads/interview-uploads.service';
import { createJob, listOrgJobRows, updateJobs } from '../modules/jobs/jobs.service';
import {
  appendTimeline,
  countOrgApplicants,
  insertApplicant,
  insertNoteWithTimeline,
  setApplicantFields,
} from '../modules/applicant-records/applicant-store';
import { createTemplate } from '../modules/templates/templates.service';
import { createUser, findUserByEmail, type UserRow } from '../modules/users/users.service';
import { setJobReviewers } from '../modules/jobs/job-reviewers';
import { staffActor } from '../policies';
import { APPLICANTS, DAY_MS, HOUR_MS, JOBS, question, TEMPLATES } from './seed-data';
import { createStorage, type ObjectStorage } from '../storage/storage';

export const DEMO_EMAIL = 'demo@candid.local';
export const DEMO_PASSWORD = 'Demo1234';
/** A reviewer of the demo organisation, on one job, to try the role (same password). */
export const DEMO_REVIEWER_EMAIL = 'reviewer@candid.local';
/** The demo job the reviewer is assigned to. */
export const DEMO_REVIEWER_JOB = 'Senior Frontend Engineer';

export interface SeedResult {
  created: boolean;
  email: string;
  jobCount: number;
  templateCount: number;
  /** Applicants added by this run (0 when the organisation already had some). */
  applicantCount: number;
  /** Whether this run added the demo reviewer (an account seeded before reviewers existed). */
  reviewerCreated: boolean;
}

/** The seed's object storage and clock; `answerWebm` is the recording every video answer gets. */
export interface SeedDeps {
  storage: ObjectStorage;
  now?: () => Date;
  answerWebm?: Buffer;
}

/** The committed recording (scripts/record-seed-video.mjs), found from src/cli and from a bundle. */
export function readAnswerWebm(): Buffer {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../seed-assets/answer.webm'),
    path.resolve(here, '../seed-assets/answer.webm'),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`answer.webm not found (looked in ${candidates.join(', ')})`);
  return readFileSync(found);
}

/** A one-page PDF showing `lines`, so the demo CV opens in the browser's viewer. */
export function buildDemoPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 18 Tf 72 740 Td',
    ...lines.map((line, i) => `${i === 0 ? '' : '0 -28 Td '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Gives the demo organisation its applicants, unless it has some already: submitted ones in
 * several statuses (one unread), one quit, one archived, with notes (one bookmarked), timelines,
 * a CV, and answers of every kind the demo jobs ask for. Every video answer is the committed
 * Chromium recording stored under the applicant's own recording key, made seekable by writing
 * its Duration (as a real upload is) and recorded as a completed upload. Applicants of a demo job
 * the recruiter has deleted are skipped. One transaction: a failure leaves no half applicant
 * (at worst an orphan object, overwritten or unused later).
 */
export async function seedDemoApplicants(
  db: Db,
  deps: { storage: ObjectStorage; now: Date; answerWebm: Buffer },
  owner: { id: string; orgId: string },
): Promise<number> {
  const { storage, now, answerWebm } = deps;
  if ((await countOrgApplicants(db, owner.orgId)) > 0) return 0;
  const jobRows = await listOrgJobRows(db, owner.orgId);
  const jobByTitle = new Map(jobRows.map((job) => [job.title, job]));

  return db.transaction(async (tx) => {
    let added = 0;
    for (const seed of APPLICANTS) {
      const job = jobByTitle.get(seed.jobTitle);
      if (!job) continue;
      const openedAt = new Date(now.getTime() - seed.daysAgo * DAY_MS);
      const answeredCount = seed.answeredCount ?? job.quests.length;
      const endedAt = new Date(openedAt.getTime() + (answeredCount * 3 + 2) * 60_000);
      const row = await insertApplicant(
        tx,
        {
          orgId: owner.orgId,
          jobId: job.id,
          ...seed.info,
          status: seed.statuses.at(-1) ?? 0,
          openedAt,
          submittedAt: seed.outcome === 'submitted' ? endedAt : null,
          quitedAt: seed.outcome === 'quited' ? endedAt : null,
          isRead: seed.isRead,
          // The demo recruiter has full access (only free owners' applicants are free).
          isFree: false,
          createdAt: openedAt,
          updatedAt: endedAt,
          archivedAt: seed.archived ? new Date(endedAt.getTime() + 3 * DAY_MS) : null,
        },
        [],
      );
      const applicantId = row.id;

      const answerMap: Record<string, StoredAnswer> = {};
      for (const [index, quest] of job.quests.slice(0, answeredCount).entries()) {
        const type = getAnswerType(quest.ansRule);
        const resTime = 20 + index * 7;
        if (type === 'video' || type === 'screen') {
          const kinds = type === 'screen' ? (['face', 'screen'] as const) : (['face'] as const);
          const answer: StoredAnswer = { resTime };
          for (const kind of kinds) {
            const key = multipartKey(
              job.id,
              recordingFileName({
                applicantId,
                jobId: job.id,
                questId: quest.id,
                kind,
                container: 'webm',
              }),
            );
            await storage.putObject(key, answerWebm, { contentType: RECORDING_MIME_TYPES.webm });
            const fixed = await fixStoredWebmDuration(storage, key);
            await recordStoredObject(tx, {
              orgId: owner.orgId,
              applicantId,
              kind,
              questionId: quest.id,
              key,
              contentType: RECORDING_MIME_TYPES.webm,
              sizeBytes: fixed?.size ?? answerWebm.length,
              durationSec: fixed?.durationSec ?? null,
              createdAt: openedAt,
            });
            answer[kind === 'face' ? 'faceKey' : 'screenKey'] = key;
            if (fixed) answer.resTime = Math.round(fixed.durationSec);
          }
          answerMap[quest.id] = answer;
        } else if (type === 'multipleChoice') {
          answerMap[quest.id] = { resTime, optIdx: seed.choices?.[index] ?? [0] };
        } else if (type === 'text' || type === 'code') {
          answerMap[quest.id] = { resTime, txt: seed.texts?.[index] ?? '' };
        }
      }

      let cv = { cvKey: '', cvName: '' };
      if (seed.cvFileName) {
        const cvName = cvStorageName(seed.cvFileName, openedAt);
        const cvKey = applicantFileKey(job.id, applicantId, 'cv', cvName);
        const pdf = buildDemoPdf([
          `${seed.info.fName} ${seed.info.lName}`,
          seed.jobTitle,
          seed.info.email,
          'Five years of React and TypeScript.',
        ]);
        await storage.putObject(cvKey, pdf, { contentType: 'application/pdf' });
        await recordStoredObject(tx, {
          orgId: owner.orgId,
          applicantId,
          kind: 'cv',
          key: cvKey,
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          createdAt: openedAt,
        });
        cv = { cvKey, cvName };
      }
      await setApplicantFields(tx, applicantId, { answerMap, ...cv });

      // The timeline as the product writes it: created and opened, the outcome, then the
      // recruiter's status changes and notes.
      const activity = (name: TimelineActivity, at: Date) => ({
        type: 'activity' as const,
        activity: name,
        createdAt: at,
      });
      await appendTimeline(tx, applicantId, [
        activity('created', openedAt),
        activity('opened', openedAt),
        activity(seed.outcome, endedAt),
        ...seed.statuses.map((statusCode, i) => ({
          type: 'status' as const,
          statusCode,
          createdAt: new Date(endedAt.getTime() + (i + 1) * 2 * HOUR_MS),
        })),
      ]);
      for (const [i, note] of (seed.notes ?? []).entries()) {
        const createdAt = new Date(endedAt.getTime() + HOUR_MS + i * 30 * 60_000);
        await insertNoteWithTimeline(tx, applicantId, {
          ownerId: owner.id,
          txt: note.txt,
          timeStamp: note.timeStamp ?? null,
          // The demo bookmarks point into the first answer.
          questId: note.timeStamp ? (job.quests[0]?.id ?? null) : null,
          createdAt,
        });
      }
      added += 1;
    }
    return added;
  });
}

/**
 * Creates the demo account with its jobs and templates unless it already exists, then gives its
 * organisation the demo applicants unless it already has applicants.
 */
export async function seedDemo(db: Db, deps: SeedDeps): Promise<SeedResult> {
  const now = deps.now ?? (() => new Date());
  const existing = await findUserByEmail(db, DEMO_EMAIL);
  const owner = existing ?? (await createDemoAccount(db, now));
  const applicantCount = await seedDemoApplicants(
    db,
    { storage: deps.storage, now: now(), answerWebm: deps.answerWebm ?? readAnswerWebm() },
    owner,
  );
  const reviewerCreated = await seedDemoReviewer(db, owner, now());
  return existing
    ? {
        created: false,
        email: DEMO_EMAIL,
        jobCount: 0,
        templateCount: 0,
        applicantCount,
        reviewerCreated,
      }
    : {
        created: true,
        email: DEMO_EMAIL,
        jobCount: JOBS.length,
        templateCount: TEMPLATES.length,
        applicantCount,
        reviewerCreated,
      };
}

function ownerActor(owner: UserRow) {
  return staffActor({
    id: owner.id,
    orgId: owner.orgId,
    role: isAdmin(owner) ? ROLES.ADMIN : ROLES.USER,
    orgRole: ORG_ROLES.OWNER,
    assignedJobIds: null,
    perm: owner.perm,
    advancedPrm: owner.advancedPrm,
  });
}

/**
 * The demo reviewer, unless that address exists already: a member of the demo organisation
 * with the reviewer role, assigned by the owner to one job (skipped, with no reviewer, if the
 * owner deleted that job), so the reviewer's back office can be tried.
 */
async function seedDemoReviewer(db: Db, owner: UserRow, now: Date): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_REVIEWER_EMAIL)) return false;
  const job = (await listOrgJobRows(db, owner.orgId)).find(
    (row) => row.title === DEMO_REVIEWER_JOB && row.archivedAt === null,
  );
  if (!job) return false;
  const reviewer = await createUser(db, {
    fName: 'Ravit',
    lName: 'Cohen',
    email: DEMO_REVIEWER_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: ROLES.USER,
    // A member works under the organisation's plan, as one the owner adds does.
    perm: owner.perm,
    advancedPrm: owner.advancedPrm,
    emailVerified: true,
    language: 'en',
    companyName: owner.companyName ?? '',
    orgId: owner.orgId,
    orgRole: ORG_ROLES.REVIEWER,
  });
  await setJobReviewers(db, ownerActor(owner), job.id, [reviewer.id], now);
  return true;
}

/** The demo account with its jobs and templates. */
async function createDemoAccount(db: Db, now: () => Date) {
  const user = await createUser(db, {
    fName: 'Dana',
    lName: 'Levi',
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: ROLES.USER,
    perm: DEFAULT_PLAN,
    advancedPrm: {},
    emailVerified: true,
    language: 'en',
    companyName: 'Candid Demo',
  });
  const actor = ownerActor(user);

  for (const job of JOBS) {
    const input = jobSaveInputSchema.parse({
      info: {
        title: job.title,
        location: job.location,
        desc: job.desc,
        coverUrl: galleryCoverUrl(job.cover),
      },
      company: { name: 'Candid Demo', logoUrl: '' },
      rule: { isOneTry: job.isOneTry, isCvRequired: job.isCvRequired },
      quests: job.quests.map(question),
    });
    const created = await createJob(db, { actor, input, now: now() });
    if (job.archived) {
      const archived = jobSaveInputSchema.parse({ ...created, archivedAt: now().toISOString() });
      await updateJobs(db, { actor, inputs: [archived], now: now() });
    }
  }
  for (const template of TEMPLATES) {
    const input = templateSaveInputSchema.parse({
      title: template.title,
      coverUrl: galleryCoverUrl(template.cover),
      isDefault: template.isDefault,
      quests: template.quests.map(question),
    });
    await createTemplate(db, {
      actor,
      input,
      now: now(),
    });
  }
  return user;
}

function defaultDataDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../../../..');
  return existsSync(path.join(root, 'package.json')) ? path.join(root, 'data') : './data';
}

/**
 * The object storage the server is configured with. The seed only stores and reads objects; the
 * signing key is derived as the server derives it all the same, so nothing differs.
 */
function storageFor(config: AppConfig): ObjectStorage {
  if (config.storage.driver === 'local') {
    return createStorage({
      driver: 'local',
      rootDir: config.storage.rootDir,
      signingSecret: createHmac('sha256', config.jwtSecret)
        .update('candid/storage-urls')
        .digest('base64url'),
    });
  }
  return createStorage({
    driver: 's3',
    bucket: config.storage.bucket,
    region: config.storage.region,
    endpoint: config.storage.endpoint,
    accessKeyId: config.storage.accessKeyId,
    secretAccessKey: config.storage.secretAccessKey,
    forcePathStyle: config.storage.forcePathStyle,
  });
}

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? defaultDataDir() });
  const database = await openDatabase(config.database);
  try {
    const result = await seedDemo(database.db, { storage: storageFor(config) });
    const applicantsLine =
      result.applicantCount > 0
        ? ` Added ${result.applicantCount} applicants with recorded answers.`
        : ' Its applicants were already there.';
    console.log(
      result.created
        ? `Seeded ${result.jobCount} jobs, ${result.templateCount} templates and ${result.applicantCount} applicants for ${result.email} (password ${DEMO_PASSWORD}).`
        : `The demo account ${result.email} already exists (password ${DEMO_PASSWORD}).${applicantsLine}`,
    );
    if (result.reviewerCreated) {
      console.log(
        `Added ${DEMO_REVIEWER_EMAIL} (password ${DEMO_PASSWORD}), a reviewer on "${DEMO_REVIEWER_JOB}".`,
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
