import { logInWithTokens } from '../../fixtures/api';
import { readOutbox } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from '../interview/interview-helpers';

/** Waits for the e-mail to `to` (the queue sends in the background) and returns it. */
async function mailTo(to: string) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox()).find((mail) => mail.to === to);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a recruiter invites people by e-mail; the invited candidate opens a pre-filled interview', async ({
  page,
  browser,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request, { title: 'Support lead' });
  const unique = Date.now().toString(36);
  const dana = `dana.${unique}@example.com`;
  const avi = `avi.${unique}@example.com`;

  await logInWithTokens(page, recruiter);
  await page.goto(`/create/${job._id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByTestId('open-invite').click();
  const dialog = page.getByRole('dialog', { name: /Invite people/ });
  await dialog
    .getByTestId('invite-list')
    .fill(`Dana Levi, ${dana}, 050-1234567\n${avi}; Avi Cohen\nDana again, ${dana.toUpperCase()}`);
  await expect(dialog.getByTestId('invite-row')).toHaveCount(3);
  await expect(dialog.getByTestId('invite-preview')).toContainText('Video interview: Support lead');

  // The address twice in the list: the third line is marked before sending and left out.
  await expect(dialog.getByTestId('invite-row').nth(2)).toContainText(
    'This email address is on an earlier line',
  );
  await expect(dialog.getByTestId('invite-row').nth(2)).toContainText('Not sent');
  await expect(dialog.getByTestId('invite-count')).toContainText('1 line will not be sent');
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(page.getByText('2 invitations are on their way')).toBeVisible();

  const mail = await mailTo(dana);
  expect(mail.subject).toBe('Video interview: Support lead');
  // Names are isolated (U+2068 … U+2069) so a Hebrew name or a Latin one never reorders the line.
  expect(mail.text).toContain('Hi \u2068Dana\u2069,');
  const link = /(http\S+\?invite=[A-Za-z0-9_-]{32})/u.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  // The overview shows both as invited.
  await page.goto(`/backoffice/applicant/${job._id}`);
  await expect(page.getByText('Invited', { exact: true })).toHaveCount(2);

  // The candidate opens their personal link: the details come filled in.
  const candidate = await browser.newPage();
  const url = new URL(link!);
  await candidate.goto(`${url.pathname}${url.search}`);
  await candidate.getByRole('button', { name: 'Start interview' }).click();
  await expect(candidate.getByLabel('First name')).toHaveValue('Dana');
  await expect(candidate.getByLabel('Last name')).toHaveValue('Levi');
  await expect(candidate.getByLabel('Email')).toHaveValue(dana);
  await expect(candidate.getByLabel('Phone')).toHaveValue('050-1234567');
  await candidate.close();

  // Opened: the row now shows when the link was opened, marked "Opened" instead of "Invited".
  await page.reload();
  await expect(page.getByText('Invited', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Opened', { exact: true })).toHaveCount(1);
});
