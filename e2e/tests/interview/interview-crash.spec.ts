import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck, videoQuest } from './interview-helpers';
import {
  countRecordedBytes,
  fnv1a,
  getApplicant,
  readUploadedBytes,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';
import {
  expectDurationOfChunks,
  recruiterApplicants,
  recruiterView,
  reportTime,
} from './resume-helpers';

test('a browser crash during the last answer: the same profile reopens the link on "Continue your interview", answer 1 saved, the cut take kept, one applicant', async ({
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Crash interview',
    isOneTry: false,
    quests: [videoQuest('q1', 'Introduce yourself'), videoQuest('q2', 'Why this job?')],
  });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'candid-profile-'));
  const { launchOptions, permissions } = testInfo.project.use;
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...launchOptions,
      permissions,
      baseURL: process.env.E2E_BASE_URL,
      locale: 'en-US',
    });
  let context: BrowserContext | null = await launch();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await countRecordedBytes(page);
    await fillDetails(page, job._id);
    await runMediaCheck(page);
    const started = await startInterview(page, job._id);

    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('recording-badge')).toBeVisible();
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Save and proceed' }).click();
    await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('recording-badge')).toBeVisible();
    await page.waitForTimeout(7000);
    // What the recorders produced until the browser went away (the counts live in the tab).
    const takes = await recordedTakes(page);
    expect(takes).toHaveLength(2);

    // The browser goes away in the middle of answer 2 (no leave prompt: it is not a navigation).
    await context.close();
    // Nothing can be recorded after this: the bound of the stored take below.
    const closedAt = Date.now();
    context = null;

    // Relaunched with the same profile; the candidate opens the invitation link again.
    context = await launch();
    const again = context.pages()[0] ?? (await context.newPage());
    const reopenedAt = Date.now();
    await again.goto(`/interview/${job._id}`);
    const resume = again.getByTestId('continue-interview');
    await expect(resume).toBeVisible({ timeout: 30_000 });
    reportTime(testInfo, 'crash: reopen → Continue visible', Date.now() - reopenedAt);
    // The name is a bidirectional isolate in the sentence (it may be written in another script).
    await expect(resume).toContainText('Welcome back, \u2068Noa\u2069.');
    await expect(resume.getByTestId('resume-question').nth(0)).toHaveAttribute(
      'data-state',
      'saved',
    );
    await expect(resume.getByTestId('resume-question').nth(1)).toHaveAttribute(
      'data-state',
      'interrupted',
    );
    expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();

    await again.getByRole('button', { name: 'Continue your interview' }).click();
    const interrupted = again.getByTestId('interrupted-take');
    await expect(interrupted).toBeVisible({ timeout: 20_000 });
    await interrupted.getByRole('button', { name: 'Keep it and finish the interview' }).click();
    await expect(again.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

    // The recruiter: one applicant, answer 1 whole, answer 2 the chunks that reached the disk.
    const listed = await recruiterApplicants(request, recruiter, job._id);
    expect(listed.map((applicant) => applicant.id)).toEqual([started.applicantId]);
    const saved = await getApplicant(request, started);
    expect(saved.timestamp.submitted).toBeTruthy();
    const uploaded = await readUploadedBytes(saved.answerMap.q2?.faceKey ?? '');
    // The upload begins with every chunk counted before the browser went away, byte for byte;
    // the recorder ran on while it closed, so a chunk or two more may follow.
    const counted = takes[1]!.marks.at(-1)!;
    expect(uploaded.length).toBeGreaterThanOrEqual(counted.bytes);
    expect(fnv1a(uploaded.subarray(0, counted.bytes))).toBe(counted.hash);
    const view = await recruiterView(request, recruiter, job._id, started.applicantId);
    expectDurationOfChunks(view.answers.q1?.faceDurationSec ?? null, takes[0]!);
    const q2Seconds = view.answers.q2?.faceDurationSec ?? 0;
    expect(q2Seconds).toBeGreaterThanOrEqual(takes[1]!.marks.length - 1);
    // At most what ran from the recorder's start until the browser had closed (closing takes
    // seconds on a loaded machine, and the recorder runs on meanwhile), plus two seconds for the
    // recorder's start before the page counted it and the container's timestamp rounding.
    expect(q2Seconds).toBeLessThanOrEqual((closedAt - takes[1]!.startedAt) / 1000 + 2);
    expect(view.quited).toBeNull();
    expect(view.activities).toContain('resumed');
    expect(view.activities.at(-1)).toBe('submitted');
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
  }
});
