import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

const TEXT_QUESTION = {
  id: 'q1abcd',
  txt: 'Why this job?',
  desc: '',
  ansRule: {
    isVidAns: false,
    isScreenAns: false,
    isTxtAns: true,
    isImgAns: false,
    isCodeAns: false,
  },
  timeLimit: 5,
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine, as an ATS developer runs one: records every POST. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/candid-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Webhooks and API keys: the owner adds a webhook pointing at a local receiver from
 * the Integrations screen and reads its signing secret; a candidate applies and submits; the
 * recruiter changes the applicant's status; the receiver gets the three events, each verified
 * with the `standardwebhooks` package, and the delivery log shows them delivered. Then an API
 * key made on the same screen reads the job, and stops working once revoked.
 */
test('the owner adds a webhook, events reach a local receiver signed, the log shows them; an API key works until revoked', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const owner = await createRecruiter(request, { fName: 'Ilana', lName: 'Owner' });
    const job = await apiCall<{ _id: string }>(request, owner, 'POST', 'job', {
      job: {
        info: { title: 'Integration engineer', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
        company: { name: 'Hooks Ltd', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: true },
        quests: [TEXT_QUESTION],
      },
    });

    // The owner opens Integrations from the user menu and adds the receiver.
    await logInWithTokens(page, owner);
    await page.goto('/backoffice/job');
    await page.getByRole('button', { name: /Account menu of Ilana Owner/ }).click();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('textbox', { name: /Address/ }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Local receiver');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('webhook-row');
    await expect(row).toContainText(receiver.url);

    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Show signing secret' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page
      .getByRole('dialog', { name: 'Signing secret' })
      .getByRole('button', { name: 'Done' })
      .click();

    // A candidate applies and submits (through the candidate API: the journey here is the ATS's).
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
    expect(created.ok(), await created.text()).toBe(true);
    const { applicant, candidateToken } = (await created.json()) as {
      applicant: { id: string };
      candidateToken: string;
    };
    const submitted = await request.put('/api/applicant', {
      headers: { Authorization: `Bearer ${candidateToken}` },
      data: {
        applicant: {
          id: applicant.id,
          answerMap: { q1abcd: { resTime: 20, txt: 'I like integrations.' } },
          timestamp: { submitted: new Date().toISOString() },
        },
        jobId: job._id,
      },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);

    // The recruiter changes the status on the details page.
    await page.goto(`/backoffice/details/${job._id}/${applicant.id}`);
    const statusButton = page.getByTestId('status-button');
    await expect(statusButton).toHaveText('Need evaluation');
    await statusButton.click();
    await page.getByRole('menuitem', { name: 'Good fit' }).click();
    await expect(statusButton).toHaveText('Good fit');

    // The receiver got the three events, signed per Standard Webhooks.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    const wh = new Webhook(secret);
    const events = receiver.received.map(
      ({ headers, body }) =>
        wh.verify(body, {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        }) as { type: string; data: Record<string, unknown> },
    );
    expect(events.map((event) => event.type).sort()).toEqual([
      'applicant.created',
      'applicant.status_changed',
      'applicant.submitted',
    ]);
    const changed = events.find((event) => event.type === 'applicant.status_changed')!;
    expect(changed.data).toMatchObject({ applicantId: applicant.id, jobId: job._id, status: 3 });

    // The delivery log shows them delivered.
    await page.goto('/backoffice/integrations');
    await page.getByTestId('webhook-row').getByRole('button', { name: 'Delivery log' }).click();
    const deliveries = page.getByTestId('delivery-row');
    await expect(deliveries).toHaveCount(3);
    await expect(deliveries.filter({ hasText: 'applicant.status_changed' })).toContainText(
      'Delivered',
    );
    await expect(deliveries.first()).toContainText('Answer 200');

    // An API key, shown once, reads the job; revoked, it is refused.
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
    await keyDialog.getByRole('textbox', { name: /Name/ }).fill('ATS sync');
    await keyDialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = (await shown.getByTestId('api-key-value').textContent())?.trim() ?? '';
    expect(key).toMatch(/^cnd_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const read = await request.get(`/api/job/${job._id}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(read.status()).toBe(200);
    await page.getByRole('button', { name: 'Revoke ATS sync' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByTestId('api-key-row')).toContainText('Revoked');
    const refused = await request.get(`/api/job/${job._id}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);
  } finally {
    await receiver.close();
  }
});
