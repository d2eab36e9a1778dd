import type { Response } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from './interview-helpers';

test('an invitation link loads a handful of files, and the rest of Mantine styles the next step', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request);
  const assets: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/assets/')) assets.push(pathname);
  });
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));

  await page.goto(`/interview/${job._id}`);
  const start = page.getByRole('button', { name: 'Start interview' });
  await expect(start).toBeVisible();
  // The app's own invitation is up: the server-drawn one is gone.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // The entry, the runtime, the invitation's two merged chunks (vite.config.ts codeSplitting
  // groups) and one language's strings; before the merge it was ~45 files.
  expect(assets.filter((asset) => asset.endsWith('.js')).length).toBeLessThanOrEqual(6);
  expect(assets.filter((asset) => asset.includes('mantine-more'))).toEqual([]);
  // Budget: at most 205 KiB on the wire (bodies as sent, compressed, and headers); 201.8 KiB
  // with the organisation's brand (its header, palette and contrast check, and the strings of
  // every screen in the one language file), 200 before it. A library pulled onto the invitation
  // by one import (zod came back once through the date helpers: +26 KiB) shows here.
  const sizes = await Promise.all(responses.map((response) => response.request().sizes()));
  const transferred = sizes.reduce(
    (sum, size) => sum + size.responseBodySize + size.responseHeadersSize,
    0,
  );
  expect(transferred / 1024).toBeLessThanOrEqual(205);

  await start.click();
  const firstName = page.getByLabel('First name');
  await expect(firstName).toBeVisible();
  expect(assets.some((asset) => /\/mantine-more-styles-[^/]+\.css$/.test(asset))).toBe(true);
  // Mantine's input rules (mantine-more.css) apply to the details form: a bare input is ~20 px high.
  expect(
    await firstName.evaluate((input) => parseFloat(getComputedStyle(input).height)),
  ).toBeGreaterThanOrEqual(30);
});
