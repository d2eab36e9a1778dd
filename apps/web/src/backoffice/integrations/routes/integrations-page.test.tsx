import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import IntegrationsPage from './integrations-page';

const OWNER = { ...TEST_USER, orgRole: 'owner' as const };
const PATH = '/backoffice/integrations';
const KEY = 'cnd_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function apiKey(patch: Partial<ApiKey> = {}): ApiKey {
  return {
    _id: 'k1',
    name: 'Greenhouse',
    prefix: KEY.slice(0, 12),
    scope: 'read',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    createdBy: 'Dana Levi',
    ...patch,
  };
}

function endpoint(patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    _id: 'w1',
    url: 'https://ats.example.com/candid',
    description: 'Our ATS',
    events: ['applicant.created', 'applicant.submitted'],
    enabled: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    failedCount: 0,
    disabledReason: null,
    disabledAt: null,
    disabledError: null,
    previousSecretExpiresAt: null,
    ...patch,
  };
}

function delivery(patch: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    _id: 'd1',
    eventId: 'msg_1',
    eventType: 'applicant.submitted',
    status: 'failed',
    attempts: 8,
    nextAttemptAt: null,
    lastAttemptAt: '2026-11-21T10:00:00.000Z',
    responseStatus: 500,
    responseBody: 'upstream down',
    durationMs: 42,
    error: 'HTTP 500',
    createdAt: '2026-11-20T10:00:00.000Z',
    payload: '{}',
    ...patch,
  };
}

const EMPTY = {
  'GET integrations/api-key': { body: { apiKeys: [] } },
  'GET integrations/webhook': { body: { endpoints: [] } },
};

describe('IntegrationsPage (API keys and webhooks)', () => {
  it('creates a key, shows it once with a copy button, then never again', async () => {
    let created = false;
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'GET integrations/api-key': () => ({
          body: { apiKeys: created ? [apiKey({ scope: 'write', name: 'Sync' })] : [] },
        }),
        'POST integrations/api-key': () => {
          created = true;
          return {
            status: 201,
            body: { apiKey: apiKey({ scope: 'write', name: 'Sync' }), key: KEY },
          };
        },
      },
    });
    expect(await screen.findByText('No API keys yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    // No name: the field says so and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    expect(fetchMock.callsTo('POST integrations/api-key')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Sync ');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST integrations/api-key')[0]?.body).toEqual({
        name: 'Sync',
        scope: 'write',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('api-key-value')).toHaveTextContent(KEY);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent('Sync');
    expect(row).toHaveTextContent('Read and write');
    expect(document.body).not.toHaveTextContent(KEY);
  });

  it('revokes a key only after the confirmation', async () => {
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'GET integrations/api-key': { body: { apiKeys: [apiKey()] } },
        'DELETE integrations/api-key/k1': {
          body: { apiKey: apiKey({ revokedAt: '2026-11-22T10:00:00.000Z' }) },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Greenhouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.callsTo('DELETE integrations/api-key/k1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Greenhouse' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('DELETE integrations/api-key/k1')).toHaveLength(1),
    );
    expect(await screen.findByText('The API key was revoked')).toBeVisible();
  });

  it('adds an endpoint: a plain http address is refused on its field; a valid one is sent', async () => {
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'POST integrations/webhook': { status: 201, body: endpoint() },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /Address/ });
    await userEvent.type(url, 'http://ats.example.com/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText(
        'Please enter an https:// address (http:// only for localhost or 127.0.0.1)',
      ),
    ).toBeVisible();
    expect(fetchMock.callsTo('POST integrations/webhook')).toHaveLength(0);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://ats.example.com/candid');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Status changed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST integrations/webhook')[0]?.body).toEqual({
        url: 'https://ats.example.com/candid',
        description: '',
        events: ['applicant.created', 'applicant.submitted'],
        enabled: true,
      }),
    );
  });

  it("shows an endpoint's delivery log and sends a failed delivery again", async () => {
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'GET integrations/webhook': { body: { endpoints: [endpoint({ failedCount: 1 })] } },
        'GET integrations/webhook/w1/delivery': { body: { deliveries: [delivery()] } },
        'POST integrations/webhook/w1/delivery/d1/retry': {
          status: 201,
          body: { delivery: delivery({ _id: 'd2', status: 'pending', attempts: 0 }) },
        },
        'GET integrations/webhook/w1/secret': { body: { secret: 'whsec_c2VjcmV0' } },
      },
    });
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('1 delivery failed after every retry');
    await userEvent.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const entry = await screen.findByTestId('delivery-row');
    expect(entry).toHaveTextContent('Failed');
    expect(entry).toHaveTextContent('8 attempts');
    expect(entry).toHaveTextContent('Answer 500 in 42 ms');
    expect(entry).toHaveTextContent('upstream down');
    await userEvent.click(within(entry).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST integrations/webhook/w1/delivery/d1/retry')).toHaveLength(1),
    );
    // The secret is fetched only when asked for.
    expect(fetchMock.callsTo('GET integrations/webhook/w1/secret')).toHaveLength(0);
    await userEvent.click(
      within(row).getByRole('button', { name: 'Actions for https://ats.example.com/candid' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Show signing secret' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
  });

  it('says why the sender turned an endpoint off, and turns it on again', async () => {
    const off = endpoint({
      enabled: false,
      disabledReason: 'gone',
      disabledAt: '2026-11-21T10:00:00.000Z',
      disabledError: 'HTTP 410',
    });
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'GET integrations/webhook': { body: { endpoints: [off] } },
        'PUT integrations/webhook/w1': { body: { ...off, enabled: true, disabledReason: null } },
      },
    });
    const notice = await screen.findByTestId('webhook-disabled');
    expect(notice).toHaveTextContent('the receiver answered 410 Gone');
    expect(notice).toHaveTextContent('Last answer: HTTP 410');
    expect(
      within(await screen.findByTestId('webhook-row')).getByRole('button', {
        name: 'Send test event',
      }),
    ).toBeDisabled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Turn on again' }));
    await waitFor(() => expect(fetchMock.callsTo('PUT integrations/webhook/w1')).toHaveLength(1));
    expect(fetchMock.callsTo('PUT integrations/webhook/w1')[0]!.body).toMatchObject({
      enabled: true,
    });
  });

  it('rotates the secret after a confirmation and shows the new one, and sends a test event', async () => {
    const { fetchMock } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      routes: {
        ...EMPTY,
        'GET integrations/webhook': { body: { endpoints: [endpoint()] } },
        'POST integrations/webhook/w1/secret/rotate': {
          body: { secret: 'whsec_bmV3', previousSecretExpiresAt: '2026-11-22T10:00:00.000Z' },
        },
        'POST integrations/webhook/w1/test': {
          status: 201,
          body: { delivery: delivery({ status: 'pending', attempts: 0 }) },
        },
      },
    });
    const row = await screen.findByTestId('webhook-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST integrations/webhook/w1/test')).toHaveLength(1),
    );
    await userEvent.click(
      within(row).getByRole('button', { name: 'Actions for https://ats.example.com/candid' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(fetchMock.callsTo('POST integrations/webhook/w1/secret/rotate')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_bmV3');
    expect(await screen.findByRole('dialog', { name: 'New signing secret' })).toHaveTextContent(
      'The old one stops signing on',
    );
    expect(fetchMock.callsTo('POST integrations/webhook/w1/secret/rotate')).toHaveLength(1);
  });

  it('tells a member that the owner manages them, and a smaller plan which plan has them', async () => {
    const { fetchMock, unmount } = renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: { ...TEST_USER, orgRole: 'recruiter' },
      routes: EMPTY,
    });
    expect(await screen.findByTestId('owner-only')).toBeVisible();
    expect(fetchMock.callsTo('GET integrations/api-key')).toHaveLength(0);
    unmount();
    renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: { ...OWNER, perm: 1 },
      routes: EMPTY,
    });
    expect(await screen.findByTestId('plan-notice')).toHaveTextContent(
      'API keys and webhooks are part of the Enterprise plan',
    );
  });

  it('reads in Hebrew', async () => {
    renderScreen(<IntegrationsPage />, {
      path: PATH,
      user: OWNER,
      language: 'he',
      routes: { ...EMPTY, 'GET integrations/api-key': { body: { apiKeys: [apiKey()] } } },
    });
    expect(await screen.findByRole('heading', { name: 'אינטגרציות' })).toBeVisible();
    expect(await screen.findByTestId('api-key-row')).toHaveTextContent('קריאה בלבד');
  });
});
