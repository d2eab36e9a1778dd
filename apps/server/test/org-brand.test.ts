import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Job, OrgBrand, PublicJob } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { bearer, type SignedUp } from './factories';
import { CANDIDATE_INFO, createInterviewJob, startInterview } from './interview-helpers';
import { accountWith, callAs } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Candid</title>' +
  '<script type="module" crossorigin src="/assets/index-e1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const CANDID_DEFAULT: OrgBrand = { logoUrl: '', accentColor: null, showVendorMark: true };

describe.each(testDbKinds())("the organisation's brand on the candidate side (%s)", (kind) => {
  let t: TestApp;
  let webDir: string;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let job: Job;
  let logoUrl: string;

  const uploadLogo = async (who: SignedUp) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image?kind=logo',
      headers: { ...bearer(who.accessToken), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string }>().url;
  };
  const brandOf = async (who: SignedUp) => {
    const response = await callAs(t.app, who)('GET', '/api/org/brand');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrgBrand>();
  };
  const publicJob = async () => {
    const response = await t.app.inject({ url: `/api/job/${job._id}/public` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublicJob>();
  };

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'candid-brand-web-'));
    await mkdir(path.join(webDir, '.vite'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), '{}');
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir });
    owner = await accountWith(t.app, { perm: 999, fName: 'Orna' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Meir' });
    stranger = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video']);
    logoUrl = await uploadLogo(owner);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  it("shows Candid's own look until the owner sets a brand", async () => {
    expect(await brandOf(owner)).toEqual(CANDID_DEFAULT);
    expect(await brandOf(member)).toEqual(CANDID_DEFAULT);
    expect((await publicJob()).brand).toEqual(CANDID_DEFAULT);
    expect((await callAs(t.app, null)('GET', '/api/org/brand')).statusCode).toBe(401);
  });

  it('refuses a colour white does not read on, a malformed one and an outside logo, changing nothing', async () => {
    const asOwner = callAs(t.app, owner);
    const cases = [
      [
        { logoUrl: '', accentColor: '#ffcc00', showVendorMark: true },
        'accentColor',
        'validation.ACCENT_CONTRAST_VALIDATE',
      ],
      [
        { logoUrl: '', accentColor: '#777777', showVendorMark: false },
        'accentColor',
        'validation.ACCENT_CONTRAST_VALIDATE',
      ],
      [
        { logoUrl: '', accentColor: 'navy', showVendorMark: true },
        'accentColor',
        'validation.COLOUR_VALIDATE',
      ],
      [
        { logoUrl: 'https://evil.example/logo.png', accentColor: null, showVendorMark: true },
        'logoUrl',
        'validation.INVALID_VALUE',
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await asOwner('PUT', '/api/org/brand', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        key: 'VALIDATION_ERR',
        issues: [{ path: field, message }],
      });
    }
    expect(await brandOf(owner)).toEqual(CANDID_DEFAULT);
  });

  it('keeps the brand to the owner: a member reads it but gets 403 setting it', async () => {
    const response = await callAs(t.app, member)('PUT', '/api/org/brand', {
      logoUrl: '',
      accentColor: '#0f766e',
      showVendorMark: false,
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(await brandOf(owner)).toEqual(CANDID_DEFAULT);
  });

  it("answers 404 for another organisation's logo, and never touches another organisation", async () => {
    const asStranger = callAs(t.app, stranger);
    const borrowed = await asStranger('PUT', '/api/org/brand', {
      logoUrl,
      accentColor: null,
      showVendorMark: true,
    });
    expect(borrowed.statusCode, borrowed.body).toBe(404);
    const own = await asStranger('PUT', '/api/org/brand', {
      logoUrl: await uploadLogo(stranger),
      accentColor: '#b91c1c',
      showVendorMark: false,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await brandOf(owner)).toEqual(CANDID_DEFAULT);
    expect((await publicJob()).brand).toEqual(CANDID_DEFAULT);
  });

  it('stores the brand and serves it on the public invitation and its first screen', async () => {
    const brand = { logoUrl, accentColor: '#0F766E', showVendorMark: false };
    const saved = await callAs(t.app, owner)('PUT', '/api/org/brand', brand);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = { ...brand, accentColor: '#0f766e' };
    expect(saved.json()).toEqual(stored);
    expect(await brandOf(member)).toEqual(stored);
    const served = await publicJob();
    expect(served.brand).toEqual(stored);
    // The job has no logo of its own: the invitation card shows the organisation's.
    expect(served.company.logoUrl).toBe(logoUrl);
    const [activity] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.orgId, owner.user.companyId!), eq(activities.target, 'brand')));
    expect(activity).toMatchObject({ type: 'update', userId: owner.user._id });

    const page = await t.app.inject({
      url: `/interview/${job._id}`,
      headers: { accept: 'text/html' },
    });
    const [firstScreen] = page.body.split('<div id="root"></div>');
    expect(firstScreen).toContain(`<img class="fs-brand-logo" src="${logoUrl}"`);
    expect(firstScreen).toContain('.fs-cover{background:linear-gradient(135deg,#0f766e,');
    // The Candid mark is hidden: neither its drawing nor its name is on the first screen.
    expect(firstScreen).not.toContain('<rect width="32" height="32" rx="7"');
    expect(firstScreen).not.toMatch(/<span>Candid<\/span>|<b>Candid<\/b>/);

    // With the mark shown beside a logo, "Powered by Candid" in the page's language.
    await callAs(t.app, owner)('PUT', '/api/org/brand', { ...brand, showVendorMark: true });
    const hebrew = await t.app.inject({
      url: `/interview/${job._id}?lng=he`,
      headers: { accept: 'text/html' },
    });
    expect(hebrew.body).toContain('<span class="fs-powered"><span>מופעל על ידי</span>');
  });

  it("puts the logo and the accent into the candidate's invitation e-mail", async () => {
    const response = await callAs(t.app, owner)('POST', `/api/job/${job._id}/invitations`, {
      rows: [{ fName: 'Noa', email: 'noa.brand@example.com' }],
      subject: 'Interview',
      message: 'Hello',
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'noa.brand@example.com',
    )!;
    expect(mail.html).toContain('background:#0f766e;color:#ffffff');
    expect(mail.html).toMatch(new RegExp(`<img src="https?://[^"]+${logoUrl}"`));
  });

  it('puts the logo and the accent into the code that resumes an interview under way', async () => {
    const info = { ...CANDIDATE_INFO, email: 'noa.resume@example.com' };
    await startInterview(t.app, job._id, info);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      payload: { applicant: { info }, jobId: job._id, consent: { version: 0, language: 'en' } },
    });
    expect(again.statusCode, again.body).toBe(409);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'noa.resume@example.com',
    )!;
    expect(mail.subject).toContain('Your code to continue your interview');
    expect(mail.html).toMatch(/font-family:monospace;color:#0f766e" dir="ltr">\d{6}</);
    // Signed by the company, via Candid, as its invitations are.
    expect(mail.text.trimEnd()).toMatch(/\u2068Acme\u2069 via Candid$/);
    expect(mail.html).toMatch(new RegExp(`<img src="https?://[^"]+${logoUrl}"`));
  });
});
