import { describe, expect, it } from 'vitest';
import { PLANS } from '../permissions/plans';
import {
  canManageIntegrations,
  createApiKeyBodySchema,
  isWebhookUrlAllowed,
  webhookEndpointInputSchema,
} from './integration.schemas';

describe('webhook addresses', () => {
  it.each([
    ['https://ats.example.com/hooks/candid', true],
    ['https://ats.example.com:8443/x?y=1', true],
    ['http://localhost:4000/hook', true],
    ['http://127.0.0.1:9999/', true],
    ['http://[::1]:9999/', true],
    ['http://ats.example.com/hook', false],
    ['http://10.0.0.1/hook', false],
    ['ftp://ats.example.com/', false],
    ['https://user:pass@ats.example.com/', false],
    ['not a url', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, allowed) => {
    expect(isWebhookUrlAllowed(url)).toBe(allowed);
  });

  it('an endpoint needs an allowed address and at least one event, each once', () => {
    const ok = { url: 'https://a.example.com/h', events: ['applicant.created'] };
    expect(webhookEndpointInputSchema.parse(ok)).toMatchObject({ enabled: true });
    expect(webhookEndpointInputSchema.safeParse({ ...ok, events: [] }).success).toBe(false);
    expect(
      webhookEndpointInputSchema.safeParse({
        ...ok,
        events: ['applicant.created', 'applicant.created'],
      }).success,
    ).toBe(false);
    expect(
      webhookEndpointInputSchema.safeParse({ ...ok, events: ['applicant.deleted'] }).success,
    ).toBe(false);
    const bad = webhookEndpointInputSchema.safeParse({ ...ok, url: 'http://ats.example.com' });
    expect(bad.error?.issues[0]?.message).toBe('validation.WEBHOOK_URL_VALIDATE');
  });
});

describe('API keys', () => {
  it('need a name and a scope of read or write', () => {
    expect(createApiKeyBodySchema.safeParse({ name: 'ATS', scope: 'read' }).success).toBe(true);
    expect(createApiKeyBodySchema.safeParse({ name: ' ', scope: 'read' }).success).toBe(false);
    expect(createApiKeyBodySchema.safeParse({ name: 'ATS', scope: 'admin' }).success).toBe(false);
    expect(createApiKeyBodySchema.safeParse({ name: 'x'.repeat(61), scope: 'read' }).success).toBe(
      false,
    );
  });
});

describe('canManageIntegrations', () => {
  it.each([
    ['enterprise owner', { orgRole: 'owner', perm: PLANS.ENTERPRISE }, true],
    ['basic owner', { orgRole: 'owner', perm: PLANS.BASIC }, false],
    [
      'basic owner granted integrations',
      { orgRole: 'owner', perm: PLANS.BASIC, advancedPrm: { INTEGRATIONS: true } },
      true,
    ],
    ['member', { orgRole: 'member', perm: PLANS.ALL_FEATURES }, false],
    ['admin (not viewing as)', { role: 'admin', orgRole: 'owner', perm: 999 }, false],
  ])('%s → %s', (_name, user, expected) => {
    expect(canManageIntegrations(user)).toBe(expected);
  });
});
