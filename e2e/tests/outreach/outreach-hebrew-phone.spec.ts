import type { Page } from '@playwright/test';
import { logInWithTokens } from '../../fixtures/api';
import { readOutbox } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';
import { acceptConsent, createInterviewJob } from '../interview/interview-helpers';

const PHONE = { width: 360, height: 780 };

const TEXT_QUESTION = {
  id: 'why',
  txt: 'Why do you want to join us?',
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: {
    isVidAns: false,
    isScreenAns: false,
    isTxtAns: true,
    isImgAns: false,
    isCodeAns: false,
  },
};

test.use({ viewport: PHONE });

/** Nothing on the page is wider than the phone (no sideways scrolling). */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
}

test('in Hebrew on a phone: a recruiter invites by e-mail, the invited candidate answers and follows the application', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Support lead',
    quests: [TEXT_QUESTION],
  });
  const email = `noa.${Date.now().toString(36)}@example.com`;

  // The recruiter, in Hebrew on a phone: the invitation dialog and its Hebrew e-mail.
  const office = await browser.newContext({ viewport: PHONE });
  const recruiterPage = await office.newPage();
  await logInWithTokens(recruiterPage, recruiter, 'he');
  await recruiterPage.goto(`/create/${job._id}`);
  await recruiterPage.getByRole('button', { name: 'שיתוף' }).click();
  await recruiterPage.getByTestId('open-invite').click();
  const dialog = recruiterPage.getByRole('dialog', { name: /הזמנת מועמדים/ });
  await dialog.getByTestId('invite-list').fill(`נועה לוי, ${email}, 050-1234567`);
  await expect(dialog.getByTestId('invite-row')).toHaveCount(1);
  const preview = dialog.getByTestId('invite-preview');
  await expect(preview).toHaveAttribute('dir', 'rtl');
  await expect(preview).toContainText('שלום נועה,');
  await expect(preview).toContainText('להתחלת הראיון');
  await expectFitsPhone(recruiterPage);
  await dialog.getByRole('button', { name: 'שליחת הזמנה אחת' }).click();
  await expect(recruiterPage.getByText('הזמנה אחת בדרך')).toBeVisible();

  let mail: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      mail = (await readOutbox()).find((entry) => entry.to === email);
      return mail !== undefined;
    })
    .toBe(true);
  expect(mail!.subject).toBe('ראיון וידאו: Support lead');
  // The name is isolated (U+2068 … U+2069) from the right-to-left line around it.
  expect(mail!.text).toContain('שלום \u2068נועה\u2069,');
  const link = new URL(/(http\S+\?invite=[A-Za-z0-9_-]{32})/u.exec(mail!.text)![1]!);

  // The candidate, in Hebrew on a phone: details filled in from the invitation.
  await page.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'התחלת ראיון' }).click();
  await expect(page.getByLabel('שם פרטי')).toHaveValue('נועה');
  await expect(page.getByLabel('שם משפחה')).toHaveValue('לוי');
  await expect(page.getByLabel('טלפון')).toHaveValue('050-1234567');
  await page.getByLabel('עיר מגורים').fill('חיפה');
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'המשך' }).click();
  await acceptConsent(page);
  await page.getByRole('button', { name: 'הפעלת בדיקה' }).click();
  await expect(page.getByTestId('media-check')).toHaveAttribute('data-step', 'results', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'התחלת הראיון' }).click();
  await page.getByLabel('התשובה שלך').fill('אני אוהבת לעזור לאנשים.');
  const finish = page.getByRole('button', { name: 'סיום הראיון' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  // The private status page, in Hebrew, fits the phone.
  await page.getByRole('link', { name: 'מעקב אחר המועמדות' }).click();
  const stage = page.getByTestId('application-stage');
  await expect(stage).toHaveAttribute('data-stage', 'received');
  await expect(stage).toContainText('התקבלה');
  await expectFitsPhone(page);

  // The recruiter's overview no longer marks the row invited or opened: it was submitted.
  await recruiterPage.goto(`/backoffice/applicant/${job._id}`);
  await expect(recruiterPage.getByText('נועה לוי').first()).toBeVisible();
  await expect(recruiterPage.getByText('הוזמן', { exact: true })).toHaveCount(0);
  await expect(recruiterPage.getByText('נפתח', { exact: true })).toHaveCount(0);
  await office.close();
});
