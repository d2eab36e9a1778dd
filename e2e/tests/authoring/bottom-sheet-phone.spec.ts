import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test.use({ viewport: { width: 360, height: 740 } });

test('on a phone the job actions are a bottom sheet that closes when dragged down', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await apiCall(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Courier', location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [
        {
          id: 'q1',
          txt: 'Introduce yourself',
          desc: '',
          vidUrl: null,
          timeLimit: 5,
          ansRule: {
            isVidAns: true,
            isScreenAns: false,
            isTxtAns: false,
            isImgAns: false,
            isCodeAns: false,
          },
        },
      ],
    },
  });
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/job');
  await page.getByRole('button', { name: 'Actions for Courier' }).click();
  const sheet = page.getByRole('dialog', { name: 'Courier' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('menuitem')).toHaveText([
    'Edit',
    'Share',
    'Duplicate',
    'Archive',
    'Who can see this job',
  ]);

  // Drag the handle down to the bottom edge and let go: the sheet closes without a choice.
  // The gesture starts once the opening animation has settled and stays inside the viewport
  // (the browser delivers no pointer events beyond it).
  const handle = sheet.getByTestId('sheet-handle');
  let settledY = -1;
  await expect
    .poll(async () => {
      const y = (await handle.boundingBox())?.y ?? -1;
      const settled = y === settledY;
      settledY = y;
      return settled;
    })
    .toBe(true);
  const box = await handle.boundingBox();
  if (!box) throw new Error('the sheet handle has no box');
  const viewportHeight = page.viewportSize()!.height;
  const x = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  const endY = viewportHeight - 2;
  await page.mouse.move(x, startY);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(x, startY + ((endY - startY) * step) / 12);
  }
  await page.mouse.up();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await expect(page).toHaveURL(/\/backoffice\/job$/);

  // A short, slow swipe down on the sheet's top closes it too: 40 px, past the app's swipe
  // distance (30 px) but short of vaul's own close distance and too slow for its flick.
  await page.getByRole('button', { name: 'Actions for Courier' }).click();
  await expect(sheet).toBeVisible();
  await expect
    .poll(async () => {
      const y = (await handle.boundingBox())?.y ?? -1;
      const settled = y === settledY;
      settledY = y;
      return settled;
    })
    .toBe(true);
  const top = await sheet.getByTestId('sheet-top').boundingBox();
  if (!top) throw new Error('the sheet top has no box');
  const topX = top.x + top.width / 2;
  await page.mouse.move(topX, top.y + 10);
  await page.mouse.down();
  for (let step = 1; step <= 4; step += 1) {
    await page.waitForTimeout(100);
    await page.mouse.move(topX, top.y + 10 + step * 10);
  }
  await page.mouse.up();
  await expect(sheet).toBeHidden();
});
