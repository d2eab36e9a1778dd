import {
  multipartKey,
  recordingFileName,
  type ApplicantDetails,
  type ConsentNoticeSettings,
  type CreateApplicantResponse,
  type Job,
  type PublicJob,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { applicants } from '../src/db/schema';
import { uniqueEmail, type SignedUp } from './factories';
import { CANDIDATE_INFO, callAsCandidate, createInterviewJob } from './interview-helpers';
import { accountWith, callAs } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/** The `applicant.json` of an export zip. */
async function exportedJson(buffer: Buffer): Promise<Record<string, unknown>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== 'applicant.json') return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      });
    });
    zip.on('end', () => reject(new Error('no applicant.json')));
    zip.readEntry();
  });
}

describe.each(testDbKinds())('candidate consent notice (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let job: Job;

  const start = (consent: unknown, email = uniqueEmail('consent')) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      payload: {
        applicant: { info: { ...CANDIDATE_INFO, email } },
        jobId: job._id,
        ...(consent === undefined ? {} : { consent }),
      },
    });
  const publicNotice = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/job/${job._id}/public` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as PublicJob).consentNotice!;
  };
  const details = async (applicantId: string) => {
    const response = await callAs(t.app, owner)('GET', `/api/job/${job._id}/${applicantId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { applicant: ApplicantDetails }).applicant;
  };
  const countApplicants = async () =>
    (
      await t.app.db
        .select({ id: applicants.id })
        .from(applicants)
        .where(eq(applicants.jobId, job._id))
    ).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Carmel' });
    stranger = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the standard notice quoting the retention period until the owner saves one', async () => {
    const asOwner = callAs(t.app, owner);
    expect((await asOwner('PUT', '/api/org/retention', { retentionMonths: 12 })).statusCode).toBe(
      200,
    );
    const settings = (
      await asOwner('GET', '/api/org/consent-notice')
    ).json() as ConsentNoticeSettings;
    expect(settings).toMatchObject({ version: 0, texts: { en: '', he: '' }, savedAt: null });
    expect(settings.standard.en).toContain('deleted with its recordings 12 months later');
    expect(settings.standard.he).toContain('12 חודשים');
    const notice = await publicNotice();
    expect(notice.version).toBe(0);
    expect(notice.texts.en).toContain('video and voice');
    expect(notice.texts.en).toContain('12 months later');
    expect(notice.texts.he).toContain('מה מוקלט');
    // Members, other organisations' owners and anonymous callers neither read nor save it.
    for (const [account, status] of [
      [member, 403],
      [null, 401],
    ] as const) {
      const as = callAs(t.app, account);
      expect((await as('GET', '/api/org/consent-notice')).statusCode).toBe(status);
      expect(
        (await as('PUT', '/api/org/consent-notice', { texts: { en: 'x', he: '' } })).statusCode,
      ).toBe(status);
    }
    const asStranger = callAs(t.app, stranger);
    const strangerSave = await asStranger('PUT', '/api/org/consent-notice', {
      texts: { en: 'Stranger notice', he: '' },
    });
    expect(strangerSave.statusCode).toBe(200);
    expect((await publicNotice()).texts.en).not.toContain('Stranger');
  });

  it('saves each change as a new version and refuses bad texts', async () => {
    const asOwner = callAs(t.app, owner);
    const save = (texts: unknown) => asOwner('PUT', '/api/org/consent-notice', { texts });
    for (const bad of [{ en: 'a'.repeat(5001), he: '' }, { en: 'x' }, { en: 3, he: '' }]) {
      expect((await save(bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    const first = await save({ en: 'We record your video. Version one.', he: '' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1 });
    // The same texts again: no new version.
    expect(
      (await save({ en: 'We record your video. Version one. ', he: '' })).json(),
    ).toMatchObject({ version: 1 });
    const second = await save({
      en: 'We record your video. Version two.',
      he: 'אנו מקליטים. גרסה 2.',
    });
    expect(second.json()).toMatchObject({
      version: 2,
      texts: { en: 'We record your video. Version two.', he: 'אנו מקליטים. גרסה 2.' },
    });
    const notice = await publicNotice();
    expect(notice).toEqual({
      version: 2,
      texts: { en: 'We record your video. Version two.', he: 'אנו מקליטים. גרסה 2.' },
    });
  });

  it('refuses to start without consent, and keeps the accepted version text with the applicant', async () => {
    const before = await countApplicants();
    const refused = await start(undefined);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, key: 'CONSENT_REQUIRED_ERR' });
    for (const bad of [
      { version: 9, language: 'en' },
      { version: 2, language: 'fr' },
      { version: -1, language: 'en' },
    ]) {
      expect((await start(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await countApplicants()).toBe(before);

    const accepted = await start({ version: 2, language: 'he' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { applicant } = accepted.json() as CreateApplicantResponse;
    // A candidate who read version 1 before the owner saved version 2 keeps version 1's text;
    // its Hebrew was blank, so the standard Hebrew text is what was shown.
    const older = (await start({ version: 1, language: 'he' })).json() as CreateApplicantResponse;

    const saved = await callAs(t.app, owner)('PUT', '/api/org/consent-notice', {
      texts: { en: 'Version three.', he: 'גרסה 3.' },
    });
    expect(saved.json()).toMatchObject({ version: 3 });

    const consent = (await details(applicant.id)).consent!;
    expect(consent).toMatchObject({ choice: 'accepted', version: 2, text: 'אנו מקליטים. גרסה 2.' });
    expect(Date.now() - new Date(consent.at).getTime()).toBeLessThan(60_000);
    const olderConsent = (await details(older.applicant.id)).consent!;
    expect(olderConsent.version).toBe(1);
    expect(olderConsent.text).toContain('מה מוקלט');

    const exported = await callAs(t.app, owner)(
      'GET',
      `/api/job/${job._id}/${applicant.id}/export`,
    );
    expect(exported.statusCode).toBe(200);
    const json = await exportedJson(exported.rawPayload);
    expect(json.consent).toEqual(consent);
  });

  it('refuses a recording upload of an applicant without consent', async () => {
    const created = (await start({ version: 3, language: 'en' })).json() as CreateApplicantResponse;
    const as = callAsCandidate(t.app, created.candidateToken);
    const fileKey = multipartKey(
      job._id,
      recordingFileName({
        applicantId: created.applicant.id,
        jobId: job._id,
        questId: job.quests[0]!.id,
        kind: 'face',
        container: 'webm',
      }),
    );
    const url = `/api/upload/start_multipart?${new URLSearchParams({ fileKey, fileType: 'video/webm' }).toString()}`;
    expect((await as('GET', url)).statusCode).toBe(200);
    // The same applicant without a consent (as one made before the notice, unmarked).
    await t.app.db
      .update(applicants)
      .set({ consentChoice: null })
      .where(eq(applicants.id, created.applicant.id));
    const refused = await as('GET', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'CONSENT_REQUIRED_ERR' });
    expect((await details(created.applicant.id)).consent).toBeNull();
  });
});
