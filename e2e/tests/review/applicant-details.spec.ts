import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { addRecordedApplicant, RECORDED_QUESTS as QUESTS } from '../../fixtures/recordings';
import { expect, test } from '../../fixtures/test';

const CANDIDATE = {
  fName: 'Noa',
  lName: 'Cohen',
  email: 'noa@example.com',
  phone: '050-1234567',
  hometown: 'Haifa',
};

/** Seconds of each recording: long enough to seek 5 s forward and to bookmark 00:03. */
const RECORDING_MS = 8000;

interface ReviewSetup {
  recruiter: Recruiter;
  jobId: string;
  applicantId: string;
}

/**
 * A recruiter, a one-try job with a screen question and a text question, and a candidate who
 * answered both through the candidate API with real recordings (camera and screen) and
 * submitted. Faster than a full interview in the UI, with the same stored files.
 */
async function createSubmittedApplicant(
  page: Page,
  request: APIRequestContext,
): Promise<ReviewSetup> {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Support engineer', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: QUESTS,
    },
  });
  const applicantId = await addRecordedApplicant(page, request, job._id, {
    info: CANDIDATE,
    ms: RECORDING_MS,
    text: 'I love helping people.',
  });
  return { recruiter, jobId: job._id, applicantId };
}

/** The video the player shows large (the screen recording until swapped). */
function mainVideo(page: Page): Locator {
  return page.locator('[data-role="main"] video');
}

const readVideo = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => ({
    duration: element.duration,
    currentTime: element.currentTime,
    paused: element.paused,
  }));

test('the recruiter reviews an applicant: plays, seeks and swaps the videos, bookmarks a note, sets the status, archives and restores', async ({
  page,
  request,
}) => {
  const { recruiter, jobId, applicantId } = await createSubmittedApplicant(page, request);
  await logInWithTokens(page, recruiter);
  await page.goto(`/backoffice/details/${jobId}/${applicantId}`);

  await expect(page.getByRole('heading', { name: 'Noa Cohen', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy noa@example.com' })).toBeVisible();

  // The screen recording is the main video, the camera the small one.
  const player = page.getByRole('region', { name: 'Answer video' });
  await expect(player.getByTestId('screen-slot')).toHaveAttribute('data-role', 'main');
  await expect(player.getByTestId('face-slot')).toHaveAttribute('data-role', 'secondary');

  // Plays, with a finite duration (the server wrote it into the webm).
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => (await readVideo(mainVideo(page))).currentTime)
    .toBeGreaterThan(0.5);
  const { duration } = await readVideo(mainVideo(page));
  expect(Number.isFinite(duration)).toBe(true);
  expect(duration).toBeGreaterThan(6);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();

  // Seeks with the seek bar's keys: to the start, then 5 s on.
  const seekBar = player.getByRole('slider', { name: 'Position in the video' });
  await seekBar.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await readVideo(mainVideo(page))).currentTime).toBeLessThan(0.5);
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await readVideo(mainVideo(page))).currentTime)
    .toBeGreaterThanOrEqual(4.9);

  // Swaps the main and the small video.
  await player.getByRole('button', { name: 'Swap with the main video' }).click();
  await expect(player.getByTestId('face-slot')).toHaveAttribute('data-role', 'main');
  await expect(player.getByTestId('screen-slot')).toHaveAttribute('data-role', 'secondary');

  // A note with a bookmark at 00:03; its chip jumps the video there.
  await page.getByRole('textbox', { name: 'New note' }).fill('  Clear explanation of the setup  ');
  await page.getByRole('textbox', { name: 'Bookmark minutes' }).fill('0');
  await page.getByRole('textbox', { name: 'Bookmark seconds' }).fill('3');
  await page.getByRole('textbox', { name: 'Bookmark seconds' }).blur();
  await expect(page.getByRole('textbox', { name: 'Bookmark seconds' })).toHaveValue('03');
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByTestId('note').filter({ hasText: 'Clear explanation of the setup' });
  await expect(note).toBeVisible();
  await mainVideo(page).evaluate((element: HTMLVideoElement) => element.pause());
  const jump = note.getByRole('button', { name: 'Jump to 00:03 in question 1' });
  await expect(jump).toHaveText('Question 1 · 00:03');
  await jump.click();
  await expect
    .poll(async () => (await readVideo(mainVideo(page))).currentTime)
    .toBeGreaterThanOrEqual(2.9);
  expect((await readVideo(mainVideo(page))).currentTime).toBeLessThan(5);

  // The other answer; the bookmark still belongs to the first, and takes the recruiter back there.
  await page.getByRole('button', { name: /Why this job\?/ }).click();
  await expect(page.getByText('I love helping people.')).toBeVisible();
  await jump.click();
  await expect(page.getByText('I love helping people.')).toBeHidden();
  await expect
    .poll(async () => (await readVideo(mainVideo(page))).currentTime)
    .toBeGreaterThanOrEqual(2.9);
  expect((await readVideo(mainVideo(page))).currentTime).toBeLessThan(5.5);
  await mainVideo(page).evaluate((element: HTMLVideoElement) => element.pause());

  // Status: the timeline shows the change.
  const statusButton = page.getByTestId('status-button');
  await expect(statusButton).toHaveText('Need evaluation');
  await statusButton.click();
  await page.getByRole('menuitem', { name: 'Good fit' }).click();
  await expect(statusButton).toHaveText('Good fit');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText('Status changed to Good fit')).toBeVisible();
  await expect(
    page.getByTestId('timeline-event').filter({ hasText: 'Clear explanation of the setup' }),
  ).toBeVisible();

  // The CV menu: no CV yet, so the recruiter uploads one; then it can be viewed.
  await page.getByRole('button', { name: 'CV', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Upload CV' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('cv-replace-input').setInputFiles({
    name: 'Noa Cohen.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20)]),
  });
  await expect(page.getByText('The CV was replaced')).toBeVisible();
  await page.getByRole('button', { name: 'CV', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'View CV' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Replace CV' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Archive: back to the job's applicants; the details then offer restore only.
  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${jobId}$`));
  await page.goto(`/backoffice/details/${jobId}/${applicantId}`);
  await expect(page.getByTestId('archived-badge')).toBeVisible();
  await expect(page.getByTestId('status-button')).toBeDisabled();
  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${jobId}$`));

  const { applicant } = await apiCall<{
    applicant: { archivedAt: string | null; status: number; isRead: boolean };
  }>(request, recruiter, 'GET', `job/${jobId}/${applicantId}`);
  expect(applicant).toMatchObject({ archivedAt: null, status: 3, isRead: true });
});

test('in Hebrew: the details are right-to-left, the status changes and a note is added', async ({
  page,
  request,
}) => {
  const { recruiter, jobId, applicantId } = await createSubmittedApplicant(page, request);
  await logInWithTokens(page, recruiter, 'he');
  await page.goto(`/backoffice/details/${jobId}/${applicantId}`);

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'Noa Cohen', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'חזרה למועמדים' })).toBeVisible();
  const player = page.getByRole('region', { name: 'הסרטון של התשובה' });
  await expect(player.getByTestId('screen-slot')).toHaveAttribute('data-role', 'main');

  const statusButton = page.getByTestId('status-button');
  await expect(statusButton).toHaveText('בהמתנה להערכה');
  await statusButton.click();
  await page.getByRole('menuitem', { name: 'התקבל לעבודה' }).click();
  await expect(statusButton).toHaveText('התקבל לעבודה');

  await page.getByRole('textbox', { name: 'הערה חדשה' }).fill('הסבר ברור ומסודר');
  await page.getByRole('button', { name: 'הוספת הערה' }).click();
  await expect(page.getByTestId('note').filter({ hasText: 'הסבר ברור ומסודר' })).toBeVisible();

  await page.getByRole('tab', { name: 'ציר זמן' }).click();
  await expect(page.getByText('הסטטוס שונה: התקבל לעבודה')).toBeVisible();
  await expect(page.getByText('הראיון הוגש')).toBeVisible();

  // The code-like parts stay left to right: the bookmark inputs read mm:ss.
  await page.getByRole('tab', { name: 'הערות' }).click();
  const minutes = page.getByRole('textbox', { name: 'דקות הסימנייה' });
  const seconds = page.getByRole('textbox', { name: 'שניות הסימנייה' });
  const [minutesBox, secondsBox] = await Promise.all([
    minutes.boundingBox(),
    seconds.boundingBox(),
  ]);
  expect(minutesBox!.x).toBeLessThan(secondsBox!.x);
  // Their hints are Hebrew too (they read "mm" and "ss").
  await expect(minutes).toHaveAttribute('placeholder', 'דק׳');
  await expect(seconds).toHaveAttribute('placeholder', 'שנ׳');

  // On a 360 px phone the header's status has a row of its own, its words whole; the CV and
  // menu buttons are on the row under it, inside the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Noa Cohen', level: 1 })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'פעולות עבור Noa Cohen' });
  const [menuBox, statusBox] = await Promise.all([
    menuButton.boundingBox(),
    statusButton.boundingBox(),
  ]);
  expect(menuBox!.x).toBeGreaterThanOrEqual(0);
  expect(statusBox!.x + statusBox!.width).toBeLessThanOrEqual(360);
  expect(menuBox!.y).toBeGreaterThanOrEqual(statusBox!.y + statusBox!.height);
  const statusLabel = statusButton.locator('.mantine-Button-label');
  expect(await statusLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
