import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { uploadRecording } from '../../fixtures/recordings';
import { expect, expectAccessible, test } from '../../fixtures/test';

/**
 * Sharing an applicant with a hiring manager: the recruiter makes a link on the
 * details page, a second browser with no account opens it, plays an answer and rates; the
 * recruiter sees the guest's rating and view; once revoked the link says so (in Hebrew too).
 */

const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

const QUESTS = [
  {
    id: 'q1',
    txt: 'Introduce yourself',
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: { ...RULE_OFF, isVidAns: true },
  },
  {
    id: 'q2',
    txt: 'Why this job?',
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: { ...RULE_OFF, isTxtAns: true },
  },
];

const RECORDING_MS = 4000;
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string, widths: readonly number[] = [1280, 360]) {
  if (!SHOTS_DIR) return;
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Records the fake camera with the fake microphone in the page: a real Chromium webm. */
async function recordCamera(page: Page, ms: number): Promise<Buffer> {
  await page.goto('/not-found');
  const recorded = await page.evaluate(async (durationMs) => {
    const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    const base64 = await new Promise<string>((resolve, reject) => {
      const recorder = new MediaRecorder(camera, { mimeType: 'video/webm;codecs=vp8,opus' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onerror = () => reject(new Error('recording failed'));
      recorder.onstop = async () => {
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        resolve(btoa(binary));
      };
      recorder.start(1000);
      setTimeout(() => recorder.stop(), durationMs);
    });
    for (const track of camera.getTracks()) track.stop();
    return base64;
  }, ms);
  return Buffer.from(recorded, 'base64');
}

/** A recruiter and a submitted applicant with a recorded video answer and a text answer. */
async function createSubmittedApplicant(page: Page, request: APIRequestContext) {
  const recruiter: Recruiter = await createRecruiter(request);
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Product manager', location: 'Tel Aviv', desc: '<p>Hi</p>', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: QUESTS,
    },
  });
  const created = await request.post('/api/applicant', {
    data: {
      applicant: {
        info: {
          fName: 'Noa',
          lName: 'Cohen',
          email: 'noa@example.com',
          phone: '050-1234567',
          hometown: 'Haifa',
        },
      },
      jobId: job._id,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(created.ok()).toBe(true);
  const { applicant, candidateToken } = (await created.json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  const faceKey = `${job._id}/${applicant.id}_${job._id}_q1_face.webm`;
  await uploadRecording(request, candidateToken, faceKey, await recordCamera(page, RECORDING_MS));
  const submitted = await request.put('/api/applicant', {
    headers: { Authorization: `Bearer ${candidateToken}` },
    data: {
      applicant: {
        id: applicant.id,
        answerMap: {
          q1: { resTime: RECORDING_MS / 1000, faceKey },
          q2: { resTime: 20, txt: 'I love building products with people.' },
        },
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId: job._id,
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  // A note of the team: it must never reach the guest.
  await apiCall(request, recruiter, 'PUT', 'job/applicant', {
    applicants: [{ id: applicant.id, newNote: { txt: 'Internal: salary expectations too high' } }],
  });
  return { recruiter, jobId: job._id, applicantId: applicant.id };
}

test('a recruiter shares an applicant with a hiring manager, who plays an answer and rates; revoked, the link says so', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { recruiter, jobId, applicantId } = await createSubmittedApplicant(page, request);
  await logInWithTokens(page, recruiter);
  await page.goto(`/backoffice/details/${jobId}/${applicantId}`);
  await expect(page.getByRole('heading', { name: 'Noa Cohen', level: 1 })).toBeVisible();

  // The recruiter makes a link for Hana.
  const card = page.getByTestId('share-links-card');
  await expect(card).toContainText('No open share links');
  await card.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share with a hiring manager' });
  await dialog.getByLabel("Hiring manager's name").fill('Hana Manager');
  await dialog.getByLabel('Email (optional)').fill('hana@example.com');
  await shot(page, 'share-dialog-en');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-link-url').inputValue();
  expect(url).toMatch(/\/share\/shr_[A-Za-z0-9_-]{43}$/);
  await shot(page, 'share-dialog-created-en');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByTestId('share-link-row')).toHaveCount(1);
  await expect(card.getByTestId('share-link-row')).toContainText('Hana Manager');

  // A second browser with no account opens the link.
  const guestContext = await browser.newContext({ locale: 'en-US' });
  const guest = await guestContext.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: /Hello Hana Manager/ })).toBeVisible();
  const shared = guest.getByTestId('shared-applicant');
  await expect(shared.getByRole('heading', { name: 'Noa Cohen' })).toBeVisible();
  await expect(shared.getByText('I love building products with people.')).toBeVisible();
  await expect(guest.getByText('salary expectations')).toHaveCount(0);

  // Plays the recorded answer.
  const player = guest.getByRole('region', { name: 'Answer video' });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() =>
      guest
        .locator('[data-role="main"] video')
        .evaluate((video: HTMLVideoElement) => video.currentTime),
    )
    .toBeGreaterThan(0.5);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();

  // Rates the overall criterion 4 and the first answer 5.
  const overall = guest.getByRole('group', { name: 'My rating: Overall' });
  await overall.getByRole('radio', { name: '4 of 5 stars' }).focus();
  await guest.keyboard.press('Enter');
  await expect(overall).toHaveAttribute('data-value', '4');
  const answerRating = guest.getByTestId('guest-answer-rating').first();
  await answerRating.getByRole('radio', { name: '5 of 5 stars' }).focus();
  await guest.keyboard.press('Enter');
  await expect(answerRating.getByTestId('rating-input')).toHaveAttribute('data-value', '5');
  await shot(guest, 'share-guest-en');
  await expectAccessible(guest, testInfo);

  // The recruiter sees the guest's rating, labelled, and the view on the timeline.
  await page.reload();
  const scorecard = page.getByTestId('scorecard');
  await expect(scorecard.getByText('Hana Manager (guest)').first()).toBeVisible();
  await expect(card.getByTestId('share-link-row')).toContainText('one view');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByTestId('timeline');
  // Names and labels are bidi-isolated (FSI…PDI) in the timeline's sentences.
  await expect(timeline).toContainText(/Hana Manager\W* \(guest\) opened the shared link/);
  await expect(timeline).toContainText(/Hana Manager\W* \(guest\) rated \W*Overall\W*: 4 of 5/);
  await shot(page, 'share-details-en');

  // Revoked: the list is empty and the guest's page says so, in Hebrew for a Hebrew visitor.
  await card.getByRole('button', { name: 'Revoke the link of Hana Manager' }).click();
  await expect(card.getByTestId('share-link-row')).toHaveCount(0);
  await guest.evaluate(() => window.localStorage.setItem('candid.lang', 'he'));
  await guest.reload();
  const closed = guest.getByTestId('share-closed');
  await expect(closed).toHaveAttribute('data-reason', 'revoked');
  await expect(closed).toContainText('הקישור בוטל');
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(guest, 'share-guest-revoked-he');
  await expectAccessible(guest, testInfo);
  await guestContext.close();
});

test('he: two applicants shared from the overview selection, the guest picks between them', async ({
  page,
  request,
  browser,
}) => {
  const { recruiter, jobId } = await createSubmittedApplicant(page, request);
  // A second applicant of the job, still in the interview, with the text answer given.
  const created = await request.post('/api/applicant', {
    data: {
      applicant: {
        info: {
          fName: 'Omer',
          lName: 'Katz',
          email: 'omer@example.com',
          phone: '050-7654321',
          hometown: 'Haifa',
        },
      },
      jobId,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const second = (await created.json()) as { applicant: { id: string }; candidateToken: string };
  const submitted = await request.put('/api/applicant', {
    headers: { Authorization: `Bearer ${second.candidateToken}` },
    data: {
      applicant: {
        id: second.applicant.id,
        answerMap: { q2: { resTime: 20, txt: 'אני אוהב לבנות מוצרים.' } },
      },
      jobId,
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  await logInWithTokens(page, recruiter, 'he');
  await page.goto(`/backoffice/applicant/${jobId}`);
  for (const name of ['Noa Cohen', 'Omer Katz']) {
    await page
      .getByRole('checkbox', { name: `בחירת ${name}` })
      .first()
      .check();
  }
  const bar = page.getByRole('region', { name: 'מועמדים שנבחרו' });
  await bar.getByRole('button', { name: 'שיתוף' }).click();
  const dialog = page.getByRole('dialog', { name: 'שיתוף עם מנהל/ת גיוס' });
  await expect(dialog).toContainText('2 המועמדים');
  await dialog.getByLabel('שם מנהל/ת הגיוס').fill('חנה לוי');
  await dialog.getByText('3 ימים').click();
  await shot(page, 'share-dialog-he');
  await dialog.getByRole('button', { name: 'יצירת קישור' }).click();
  const url = await dialog.getByTestId('share-link-url').inputValue();
  await shot(page, 'share-dialog-created-he');
  await dialog.getByRole('button', { name: 'סיום' }).click();

  const guestContext = await browser.newContext();
  await guestContext.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  const guest = await guestContext.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: /שלום חנה לוי/ })).toBeVisible();
  await expect(
    guest.getByTestId('shared-applicant').getByRole('heading', { name: 'Noa Cohen' }),
  ).toBeVisible();
  await shot(guest, 'share-guest-he');
  await guest.getByText('Omer Katz').click();
  const omer = guest.getByTestId('shared-applicant');
  await expect(omer.getByRole('heading', { name: 'Omer Katz' })).toBeVisible();
  await expect(omer.getByText('אני אוהב לבנות מוצרים.')).toBeVisible();
  await expect(guest.getByTestId('guest-scorecard')).toContainText('כרטיס הערכה');
  await shot(guest, 'share-guest-second-he');

  // The recruiter's details page lists the link, in Hebrew.
  await page.goto(`/backoffice/details/${jobId}/${second.applicant.id}`);
  await expect(page.getByTestId('share-links-card').getByTestId('share-link-row')).toContainText(
    'חנה לוי',
  );
  await shot(page, 'share-details-he');
  await guestContext.close();
});
