import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { extractLink, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';

const VIDEO_QUESTION = {
  id: 'q1abcd',
  txt: 'Introduce yourself',
  desc: '',
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
  timeLimit: 5,
};

/**
 * Organisations: the owner adds a member from the Team screen; the member
 * chooses a password from the emailed link, lands in the organisation's jobs and sees the
 * owner's job; the owner removes them (the dialog says their jobs go to the owner), and the
 * member's session ends.
 */
test('owner adds a member, the member sets a password and sees the organisation job, the owner removes them', async ({
  page,
  browser,
  request,
}) => {
  const stamp = `${Date.now()}${process.pid}`;
  const memberEmail = `member-${stamp}@example.com`;
  const jobTitle = `Team job ${stamp}`;
  const owner = await createRecruiter(request, { fName: 'Olga', lName: 'Owner' });
  await apiCall(request, owner, 'POST', 'job', {
    job: {
      info: { title: jobTitle, location: 'Haifa', desc: '<p>Join us</p>', coverUrl: '' },
      company: { name: 'Olga Co', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [VIDEO_QUESTION],
    },
  });

  // The owner opens the Team screen from the user menu and adds a member.
  await logInWithTokens(page, owner);
  await page.goto('/backoffice/job');
  await page.getByRole('button', { name: /Account menu of Olga Owner/ }).click();
  await page.getByRole('menuitem', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(1);

  const seen = await snapshotOutbox();
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Mia');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Member');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(memberEmail);
  await dialog.getByRole('button', { name: 'Add and send invitation' }).click();
  await expect(dialog).toBeHidden();
  const memberRow = page.getByTestId('member-row').filter({ hasText: memberEmail });
  await expect(memberRow).toContainText('Invitation sent');

  // The member chooses a password from the emailed link and sees the organisation's job.
  const invitation = await waitForEmail(memberEmail, { seen, subject: /Olga Owner added you/ });
  const link = new URL(extractLink(invitation, '/set-password'));
  const memberContext = await browser.newContext({ locale: 'en-US' });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${link.pathname}${link.search}`);
  await expect(memberPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await memberPage.getByLabel(/^New password/).fill('Member123');
  await memberPage.getByLabel(/^Confirm new password/).fill('Member123');
  await memberPage.getByRole('button', { name: 'Save password and log in' }).click();
  await expect(memberPage).toHaveURL(/\/backoffice\/job$/);
  await expect(memberPage.getByText(jobTitle)).toBeVisible();

  // The owner's list shows the member has a password now; then removes them.
  await page.reload();
  await expect(memberRow).not.toContainText('Invitation sent');
  await memberRow.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await page.getByRole('menuitem', { name: 'Remove from team' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove member' });
  await expect(remove.getByTestId('remove-outcome')).toContainText('move to Olga Owner');
  await remove.getByRole('button', { name: 'Remove member' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByTestId('member-row')).toHaveCount(1);

  // The removed member's session is over.
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/login/);
  await memberContext.close();
});
