import { VALIDATION_KEYS, type Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../src/db/schema';
import type { SignedUp } from './factories';
import { accountWith, issueMessages, jobPayload, questionPayload } from './jobs-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { jobsSuite } from './jobs-suite';

describe.each(testDbKinds())(
  'jobs on %s: what candidates get, question settings and the company name',
  (kind) => {
    const suite = jobsSuite(kind);
    const { clock, as, createJob, jobCount } = suite;
    let t: TestApp;
    let owner: SignedUp;
    beforeAll(() => {
      ({ t, owner } = suite.state);
    });

    it('requires the description while it is shown to candidates, and hides it otherwise', async () => {
      const before = await jobCount();
      for (const desc of ['', '<p></p>', '<p> </p>']) {
        const response = await as(owner)('POST', '/api/job', {
          job: jobPayload({ info: { desc, isDescShown: true } }),
        });
        expect(response.statusCode, desc).toBe(400);
        expect(response.json()).toMatchObject({
          key: 'VALIDATION_ERR',
          issues: [{ path: 'job.info.desc', message: VALIDATION_KEYS.REQUIRED_VALIDATE }],
        });
      }
      expect(await jobCount()).toBe(before);

      // Older clients leave the switch out: a description with text is shown, none is not required.
      const legacy = await createJob(owner, jobPayload({ info: { desc: '' } }));
      expect(legacy.info.isDescShown).toBe(false);
      const shown = await createJob(owner, jobPayload({ info: { desc: '<p>About us</p>' } }));
      expect(shown.info.isDescShown).toBe(true);

      // Clearing a shown description is refused on an update too, and changes nothing.
      const cleared = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...shown, info: { ...shown.info, desc: '' } }],
      });
      expect(cleared.statusCode).toBe(400);
      expect(issueMessages(cleared)).toContain(VALIDATION_KEYS.REQUIRED_VALIDATE);
      expect((await as(owner)('GET', `/api/job/${shown._id}`)).json()).toMatchObject({
        info: { desc: '<p>About us</p>', isDescShown: true },
      });

      // Hidden: kept for the recruiter, not sent to candidates.
      const hidden = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...shown, info: { ...shown.info, isDescShown: false } }],
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((await as(owner)('GET', `/api/job/${shown._id}`)).json()).toMatchObject({
        info: { desc: '<p>About us</p>', isDescShown: false },
      });
      const publicJob = await as(null)('GET', `/api/job/${shown._id}/public`);
      expect(publicJob.json()).toMatchObject({ info: { desc: '' } });
    });

    it('gives candidates the public job without correct answers, and 404s archived jobs', async () => {
      const job = await createJob(
        owner,
        jobPayload({
          info: { title: 'Public role', coverUrl: '/api/covers/ocean-waves.svg' },
          company: { name: 'Acme', logoUrl: 'https://cdn.example.com/logo.png' },
          quests: [questionPayload('video'), questionPayload('multipleChoice')],
        }),
      );
      const response = await as(null)('GET', `/api/job/${job._id}/public`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        '_id',
        'brand',
        'closesAt',
        'company',
        'consentNotice',
        'info',
        'isClosed',
        'quests',
        'rule',
      ]);
      expect(body).toMatchObject({
        _id: job._id,
        info: { title: 'Public role', coverUrl: '/api/covers/ocean-waves.svg' },
        company: { name: 'Acme', logoUrl: 'https://cdn.example.com/logo.png' },
        rule: job.rule,
        // No brand set: Candid's look, with its mark.
        brand: { logoUrl: '', accentColor: null, showVendorMark: true },
      });
      expect(response.body).not.toContain('isCorrect');
      expect((body.quests as { opts?: unknown }[])[1]!.opts).toEqual([
        { txt: 'Right' },
        { txt: 'Wrong' },
      ]);

      await as(owner)('PUT', '/api/job', {
        jobs: [{ ...job, archivedAt: clock.now().toISOString() }],
      });
      for (const id of [job._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const missing = await as(null)('GET', `/api/job/${id}/public`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ key: 'INTERVIEW_NOT_AVAILABLE_ERR' });
      }
    });

    it('stores an optional thinking time per question (off by default) and gives it to candidates', async () => {
      const job = await createJob(
        owner,
        jobPayload({
          quests: [questionPayload('video', { thinkTimeSec: 30 }), questionPayload('video')],
        }),
      );
      expect(job.quests[0]!.thinkTimeSec).toBe(30);
      expect(job.quests[1]!.thinkTimeSec ?? null).toBeNull();
      const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job._id));
      expect(row!.quests[1]).not.toHaveProperty('thinkTimeSec');
      const pub = await as(null)('GET', `/api/job/${job._id}/public`);
      expect((pub.json() as Job).quests[0]!.thinkTimeSec).toBe(30);

      // Turned off with 0; an impossible value is a 400 that changes nothing.
      const off = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...job, quests: [{ ...job.quests[0], thinkTimeSec: 0 }, job.quests[1]] }],
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { jobs: Job[] }).jobs[0]!.quests[0]!.thinkTimeSec ?? null).toBeNull();
      for (const thinkTimeSec of [-1, 601, 'soon']) {
        const bad = await as(owner)('PUT', '/api/job', {
          jobs: [{ ...job, quests: [{ ...job.quests[0], thinkTimeSec }, job.quests[1]] }],
        });
        expect(bad.statusCode, String(thinkTimeSec)).toBe(400);
        expect(issueMessages(bad)).toContain(VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE);
      }
      const [after] = await t.app.db.select().from(jobs).where(eq(jobs.id, job._id));
      expect(after!.quests[0]).not.toHaveProperty('thinkTimeSec');
    });

    it('keeps the practice question setting, off unless asked, and tells candidates', async () => {
      const plain = await createJob(owner, jobPayload());
      expect(plain.rule.hasPractice).toBe(false);
      const practising = await createJob(
        owner,
        jobPayload({ rule: { isCvRequired: false, isOneTry: false, hasPractice: true } }),
      );
      expect(practising.rule.hasPractice).toBe(true);
      const pub = await as(null)('GET', `/api/job/${practising._id}/public`);
      expect(pub.json().rule).toEqual({ isCvRequired: false, isOneTry: false, hasPractice: true });

      const off = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...practising, rule: { ...practising.rule, hasPractice: false } }],
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().jobs[0].rule.hasPractice).toBe(false);
      const bad = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...practising, rule: { ...practising.rule, hasPractice: 'yes' } }],
      });
      expect(bad.statusCode).toBe(400);
    });

    it("fills a saved job's blanks in the language of the account it is saved for", async () => {
      const hebrew = await accountWith(t.app, { fName: 'Noa' });
      await t.app.db.update(users).set({ language: 'he' }).where(eq(users.id, hebrew.user._id));
      const blank = jobPayload({
        info: { title: '  ' },
        company: { name: '' },
        quests: [questionPayload('video', { txt: ' ' })],
      });
      const created = await createJob(hebrew, blank);
      expect([created.info.title, created.company.name, created.quests[0]!.txt]).toEqual([
        'משרה ללא שם',
        'חברה',
        'שאלה',
      ]);

      // An autosave that clears the title again, through PUT, in Hebrew too.
      const saved = await as(hebrew)('PUT', '/api/job', {
        jobs: [{ ...created, info: { ...created.info, title: '' } }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().jobs[0].info.title).toBe('משרה ללא שם');

      // An English account keeps the product's English texts.
      const english = await createJob(owner, blank);
      expect(english.info.title).toBe('Untitled job');
    });

    it("keeps the first job's company name on a profile without one (asked once), and only then", async () => {
      const newcomer = await accountWith(t.app, { fName: 'Nadav' });
      await t.app.db.update(users).set({ companyName: '' }).where(eq(users.id, newcomer.user._id));
      const companyOf = async () =>
        (await t.app.db.select().from(users).where(eq(users.id, newcomer.user._id)))[0]!
          .companyName;

      // The blank fallback ("company", "חברה") is not a name to remember.
      await createJob(newcomer, jobPayload({ company: { name: '   ' } }));
      expect(await companyOf()).toBe('');
      await createJob(newcomer, jobPayload({ company: { name: 'חברה' } }));
      expect(await companyOf()).toBe('');

      await createJob(newcomer, jobPayload({ company: { name: ' Globex ' } }));
      expect(await companyOf()).toBe('Globex');
      await createJob(newcomer, jobPayload({ company: { name: 'Initech' } }));
      expect(await companyOf()).toBe('Globex');
    });

    it('follows the first job while its company name is still being typed (autosave), never a name set elsewhere', async () => {
      const newcomer = await accountWith(t.app, { fName: 'Tal' });
      await t.app.db.update(users).set({ companyName: '' }).where(eq(users.id, newcomer.user._id));
      const companyOf = async () =>
        (await t.app.db.select().from(users).where(eq(users.id, newcomer.user._id)))[0]!
          .companyName;
      const rename = async (job: Job, name: string) => {
        const response = await as(newcomer)('PUT', '/api/job', {
          jobs: [{ ...job, company: { ...job.company, name } }],
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { jobs: Job[] }).jobs[0]!;
      };

      // Autosave created the job after "Ac"; the recruiter then finished typing.
      let first = await createJob(newcomer, jobPayload({ company: { name: 'Ac' } }));
      expect(await companyOf()).toBe('Ac');
      first = await rename(first, 'Acme');
      expect(await companyOf()).toBe('Acme');
      first = await rename(first, 'Acme Ltd');
      expect(await companyOf()).toBe('Acme Ltd');

      // Another job's company, or a name the recruiter set on the profile, is not followed.
      const second = await createJob(newcomer, jobPayload({ company: { name: 'Acme Ltd' } }));
      await t.app.db
        .update(users)
        .set({ companyName: 'Acme Group' })
        .where(eq(users.id, newcomer.user._id));
      await rename(first, 'Other');
      await rename(second, 'Another');
      expect(await companyOf()).toBe('Acme Group');
    });
  },
);
