import type { Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, setRecruiterPlan } from '../../fixtures/api';
import { addRecordedApplicant, RECORDED_QUESTS } from '../../fixtures/recordings';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from '../interview/interview-helpers';

/** WCAG 2.5.5 (target size, enhanced): a control a finger taps is at least 44 by 44 CSS px. */
const MIN_TARGET_PX = 44;

/**
 * Controls measured on purpose smaller, each with its reason (WCAG 2.5.5's own exceptions):
 * - `inline`: a link inside a sentence, sized by the line of text it sits in;
 * - a visually hidden input whose visible control (its label or wrapper) is what is tapped
 *   and measured instead.
 */
const EXCEPTIONS: { selector: string; reason: string }[] = [
  { selector: 'p a, li a', reason: 'inline: a link inside a sentence or list item text' },
  {
    selector: '.mantine-PasswordInput-innerInput',
    reason: "the password field's inner input: its 44 px wrapper is what a finger taps",
  },
];

interface Measured {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive control's tap box: its own box, or for a hidden or wrapped input
 * (Mantine's checkboxes, radios and switches) the box of what a finger taps.
 */
async function smallTargets(page: Page): Promise<Measured[]> {
  return page.evaluate(
    ({ min, exceptions }) => {
      const selector = [
        'button',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        '[role="button"]',
        '[role="checkbox"]',
        '[role="switch"]',
        '[role="tab"]',
        '[role="menuitem"]',
        '[role="radio"]',
      ].join(',');
      const found: { what: string; width: number; height: number }[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (exceptions.some((exception) => element.matches(exception))) continue;
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        let box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        // A checkbox, radio or switch is tapped through its label or its wrapper.
        const tapArea = element.matches('input[type="checkbox"], input[type="radio"]')
          ? (element.closest('label') ?? element.closest('[data-touch-area]'))
          : null;
        if (tapArea) box = tapArea.getBoundingClientRect();
        // Inside a larger control (an input inside a tappable row): the row is what is tapped.
        if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
        const name =
          element.getAttribute('aria-label') ??
          element.textContent?.trim().slice(0, 40) ??
          element.getAttribute('placeholder') ??
          '';
        found.push({
          what: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
      return found;
    },
    { min: MIN_TARGET_PX, exceptions: EXCEPTIONS.map((exception) => exception.selector) },
  );
}

async function expectTouchable(page: Page, screen: string) {
  // Wait for the screen to settle: no request in flight, then one frame.
  await page.waitForLoadState('networkidle');
  expect(await smallTargets(page), `controls under 44×44 px on ${screen}`).toEqual([]);
}

test.describe('touch targets on phone layouts', () => {
  test.setTimeout(180_000);
  test.use({ viewport: { width: 390, height: 844 } });

  test('the candidate pages: invitation, details and device check, in English and Hebrew', async ({
    page,
    request,
  }) => {
    const { job } = await createInterviewJob(request, { title: 'Touch check' });
    for (const lng of ['en', 'he']) {
      await page.goto(`/interview/${job._id}?lng=${lng}`);
      await expect(page.getByTestId('interview-overview')).toBeVisible({ timeout: 30_000 });
      await expectTouchable(page, `the invitation (${lng})`);
      await page
        .getByRole('button', { name: lng === 'en' ? 'Start interview' : 'התחלת ראיון' })
        .click();
      await expect(page.getByTestId('step-caption')).toBeVisible({ timeout: 30_000 });
      await expectTouchable(page, `the details form (${lng})`);
    }
  });

  test('the consent notice before the device check, in English and Hebrew', async ({
    page,
    request,
  }) => {
    const { job } = await createInterviewJob(request, { title: 'Touch check' });
    for (const lng of ['en', 'he']) {
      await page.goto(`/interview/${job._id}?lng=${lng}`);
      await page
        .getByRole('button', { name: lng === 'en' ? 'Start interview' : 'התחלת ראיון' })
        .click();
      const labels =
        lng === 'en'
          ? ['First name', 'Last name', 'Email', 'Phone', 'City']
          : ['שם פרטי', 'שם משפחה', 'אימייל', 'טלפון', 'עיר מגורים'];
      const values = ['Noa', 'Cohen', 'noa@example.com', '0501234567', 'Haifa'];
      for (const [index, label] of labels.entries()) {
        await page.getByLabel(label).fill(values[index]!);
      }
      await page.getByRole('button', { name: lng === 'en' ? 'Continue' : 'המשך' }).click();
      await expect(page.getByTestId('consent-step')).toBeVisible({ timeout: 30_000 });
      await expectTouchable(page, `the consent notice (${lng})`);
    }
  });

  test('the public pages: login and signup', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
    await expectTouchable(page, 'login');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expectTouchable(page, 'signup');
  });

  test('the back office: jobs, applicants, details, editor, templates, team and integrations, in English and Hebrew', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const recruiter = await createRecruiter(request);
    // Every plan feature on, so the team, integrations and templates screens are there.
    await setRecruiterPlan(request, recruiter, 999);
    const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
      job: {
        info: { title: 'Barista', location: 'Haifa', desc: '', coverUrl: '' },
        company: { name: 'Levi Coffee', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: true },
        quests: RECORDED_QUESTS,
      },
    });
    // A recorded answer, so the details page shows the player and its controls.
    const applicantId = await addRecordedApplicant(page, request, job._id, {
      info: {
        fName: 'Adi',
        lName: 'Tal',
        email: 'adi@example.com',
        phone: '050-1234567',
        hometown: 'Haifa',
      },
      ms: 2000,
      text: 'I like coffee.',
    });
    await logInWithTokens(page, recruiter);
    const screens: { path: string; ready: (lng: string) => Promise<void>; name: string }[] = [
      {
        name: 'the jobs list',
        path: '/backoffice/job',
        ready: () => expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 30_000 }),
      },
      {
        name: 'the applicant overview',
        path: '/backoffice/applicant',
        ready: () =>
          expect(page.getByTestId('applicant-row').first()).toBeVisible({ timeout: 30_000 }),
      },
      {
        name: 'the applicant details',
        path: `/backoffice/details/${job._id}/${applicantId}`,
        ready: async () => {
          await expect(page.getByRole('heading', { level: 1, name: 'Adi Tal' })).toBeVisible({
            timeout: 30_000,
          });
          // The player's controls are measured too.
          await expect(page.getByTestId('screen-slot')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'the job editor',
        path: `/create/${job._id}`,
        ready: () => expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 30_000 }),
      },
      {
        name: 'the templates',
        path: '/backoffice/template',
        ready: () =>
          expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
      },
      {
        name: 'the team',
        path: '/backoffice/team',
        ready: () =>
          expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
      },
      {
        name: 'the integrations',
        path: '/backoffice/integrations',
        ready: () =>
          expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
      },
    ];
    // Every screen measured before the verdict, so one run names every small control.
    const small: Record<string, Measured[]> = {};
    for (const lng of ['en', 'he']) {
      for (const screen of screens) {
        await page.goto(`${screen.path}${screen.path.includes('?') ? '&' : '?'}lng=${lng}`);
        await screen.ready(lng);
        await page.waitForLoadState('networkidle');
        const found = await smallTargets(page);
        if (found.length > 0) small[`${screen.name} (${lng})`] = found;
      }
    }
    expect(small, 'controls under 44×44 px in the back office').toEqual({});
  });
});
