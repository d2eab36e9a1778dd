import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createRecruiter, type Recruiter } from '../../fixtures/api';
import { expect } from '../../fixtures/test';

export interface SavedJob {
  _id: string;
}

/** Every answer type off: a question turns on the one it takes. */
export const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

/** A video question of two minutes. */
export const videoQuest = (id: string, txt: string) => ({
  id,
  txt,
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: { ...RULE_OFF, isVidAns: true },
});

export const videoQuestion = {
  id: 'q1',
  txt: 'Introduce yourself',
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
};

/** A recruiter and one published video-question job, made through the API. */
export async function createInterviewJob(
  request: APIRequestContext,
  {
    isCvRequired = false,
    isOneTry = false,
    hasPractice = false,
    title = 'Frontend developer',
    quests = [videoQuestion],
  }: {
    isCvRequired?: boolean;
    isOneTry?: boolean;
    hasPractice?: boolean;
    title?: string;
    quests?: unknown[];
  } = {},
): Promise<{ recruiter: Recruiter; job: SavedJob }> {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<SavedJob>(request, recruiter, 'POST', 'job', {
    job: {
      info: {
        title,
        location: 'Tel Aviv',
        desc: '<p>Build <strong>great</strong> things with us.</p>',
        coverUrl: '',
      },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired, isOneTry, hasPractice },
      quests,
    },
  });
  return { recruiter, job };
}

export const CANDIDATE = {
  fName: 'Noa',
  lName: 'Cohen',
  email: 'noa@example.com',
  phone: '050-1234567',
  hometown: 'Haifa',
};

/** Opens the invitation, starts, fills the details form and continues to the media check. */
export async function fillDetails(page: Page, jobId: string, query = ''): Promise<void> {
  await page.goto(`/interview/${jobId}${query}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByLabel('First name').fill(CANDIDATE.fName);
  await page.getByLabel('Last name').fill(CANDIDATE.lName);
  await page.getByLabel('Email').fill(CANDIDATE.email);
  await page.getByLabel('Phone').fill(CANDIDATE.phone);
  await page.getByLabel('City').fill(CANDIDATE.hometown);
  await page.getByRole('button', { name: 'Continue' }).click();
  await acceptConsent(page);
}

/**
 * The consent notice after the details (any language): ticks "I agree", continues, and waits for
 * the media check.
 */
export async function acceptConsent(page: Page): Promise<void> {
  await expect(page.getByTestId('consent-step')).toBeVisible();
  await page.getByTestId('consent-agree').check();
  await page.getByTestId('consent-accept').click();
  await expect(page.getByTestId('media-check')).toBeVisible();
}

/**
 * Runs the media check and waits for its settled results; when the consent notice is still
 * shown (a spec that filled the details itself), accepts it first.
 */
export async function runMediaCheck(page: Page): Promise<void> {
  const consent = page.getByTestId('consent-step');
  await expect(consent.or(page.getByTestId('media-check'))).toBeVisible();
  if (await consent.isVisible()) await acceptConsent(page);
  await page.getByRole('button', { name: 'Run check' }).click();
  await waitForMediaCheckResults(page);
}

/** Waits until the media check shows its results with every device's result in (any language). */
export async function waitForMediaCheckResults(page: Page): Promise<void> {
  await expect(page.getByTestId('media-check')).toHaveAttribute('data-step', 'results', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-camera')).not.toHaveAttribute('data-status', 'checking', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-connection')).not.toHaveAttribute(
    'data-status',
    'checking',
  );
}
