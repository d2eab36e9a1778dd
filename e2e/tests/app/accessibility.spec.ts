import type { Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, expectAccessible, test } from '../../fixtures/test';

/**
 * The main screens in English and in Hebrew, each checked with axe-core against WCAG 2.2 AA
 * (every other spec's last screen is checked by the shared fixture; this tour makes sure each
 * screen is seen in both languages).
 */
const LANGUAGES = ['en', 'he'] as const;

async function useLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.addInitScript((lang) => window.localStorage.setItem('candid.lang', lang), language);
}

// Each test visits several screens and audits each: more than one screen's time.
test.describe.configure({ timeout: 180_000 });

for (const language of LANGUAGES) {
  test(`public and candidate screens pass WCAG 2.2 AA (${language})`, async ({ page, request }) => {
    const recruiter = await createRecruiter(request);
    const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
      job: {
        info: {
          title: 'Product designer',
          location: 'Haifa',
          desc: '<p>A small team building tools people enjoy.</p>',
          coverUrl: '',
        },
        company: { name: 'Acme', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [
          {
            id: 'q1',
            txt: 'Why this job?',
            desc: '',
            vidUrl: null,
            timeLimit: 5,
            ansRule: {
              isVidAns: false,
              isScreenAns: false,
              isTxtAns: true,
              isImgAns: false,
              isCodeAns: false,
            },
          },
        ],
      },
    });
    await useLanguage(page, language);
    const dir = language === 'he' ? 'rtl' : 'ltr';

    for (const path of ['/login', '/signup', '/forgot-password', '/not-found']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page);
    }

    await page.goto(`/embed/${job._id}`);
    await expect(page.getByTestId('company-name')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/interview/${job._id}`);
    await expect(page.getByTestId('company-name')).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: language === 'he' ? 'התחלת ראיון' : 'Start interview' })
      .click();
    await expect(page.locator('form input').first()).toBeVisible();
    await expectAccessible(page);
  });

  test(`back-office screens pass WCAG 2.2 AA (${language})`, async ({ page, request }) => {
    const recruiter = await createRecruiter(request);
    await logInWithTokens(page, recruiter, language);
    for (const path of ['/backoffice/applicant', '/backoffice/job', '/create', '/user']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      // The screen has loaded when the page loader is gone.
      await expect(page.getByText(language === 'he' ? 'בטעינה…' : 'Loading…')).toHaveCount(0);
      await expectAccessible(page);
    }
  });
}
