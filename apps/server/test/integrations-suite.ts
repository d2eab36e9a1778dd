import type {
  CreateApiKeyResponse,
  Job,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookPayload,
} from '@candid/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { webhookEndpoints } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { startReceiver } from './webhook-receiver';
import type { TestDbKind } from './test-db';

/**
 * The set-up the integration test files share (integrations.test.ts,
 * integrations-webhooks.test.ts, integrations-webhook-log.test.ts): one app on a test clock, a
 * webhook receiver, an enterprise owner with a member, a basic-plan owner and a stranger, each
 * owner with a job; every test starts with no endpoints and an idle sender. Call it inside the
 * file's describe; `state` is filled before the file's own beforeAll hooks run.
 */
export function integrationsSuite(kind: TestDbKind) {
  const clock = createTestClock();
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedUp;
  let member: SignedUp;
  let basicOwner: SignedUp;
  let stranger: SignedUp;
  let job: Job;
  let strangerJob: Job;

  const call = (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function createKey(account: SignedUp, scope: 'read' | 'write', name = 'ATS') {
    const response = await call(account.accessToken, 'POST', '/api/integrations/api-key', {
      name,
      scope,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreateApiKeyResponse;
  }

  async function createEndpoint(
    account: SignedUp,
    input: Partial<{ url: string; events: string[]; enabled: boolean }> = {},
  ) {
    const response = await call(account.accessToken, 'POST', '/api/integrations/webhook', {
      url: receiver.url,
      events: ['applicant.created', 'applicant.submitted', 'applicant.status_changed'],
      ...input,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as WebhookEndpoint;
  }

  async function secretOf(endpoint: WebhookEndpoint): Promise<string> {
    const response = await call(
      owner.accessToken,
      'GET',
      `/api/integrations/webhook/${endpoint._id}/secret`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { secret: string }).secret;
  }

  async function deliveriesOf(endpoint: WebhookEndpoint): Promise<WebhookDelivery[]> {
    const response = await call(
      owner.accessToken,
      'GET',
      `/api/integrations/webhook/${endpoint._id}/delivery`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { deliveries: WebhookDelivery[] }).deliveries;
  }

  /** Runs the sender until nothing is due (the request's own kick may be running already). */
  async function send() {
    await t.app.webhookSender.idle();
    await t.app.webhookSender.kick();
    await t.app.webhookSender.idle();
  }

  /** The events the receiver got, verified with the `standardwebhooks` package. */
  function verified(secret: string): WebhookPayload[] {
    const wh = new Webhook(secret);
    return receiver.received.map(
      ({ headers, body }) =>
        wh.verify(body, {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        }) as WebhookPayload,
    );
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
      now: clock.now,
    });
    receiver = await startReceiver();
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Meir' });
    basicOwner = await accountWith(t.app, { perm: 1, fName: 'Basia' });
    stranger = await accountWith(t.app, { fName: 'Sam' });
    const created = await call(owner.accessToken, 'POST', '/api/job', {
      job: jobPayload({ quests: [questionPayload('text')] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    job = created.json() as Job;
    const other = await call(stranger.accessToken, 'POST', '/api/job', {
      job: jobPayload({ quests: [questionPayload('text')] }),
    });
    strangerJob = other.json() as Job;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    clock.reset();
    await send();
    receiver.received.length = 0;
    receiver.answers.length = 0;
    await t.app.db.delete(webhookEndpoints);
  });

  return {
    state: {
      get t() {
        return t;
      },
      get receiver() {
        return receiver;
      },
      get owner() {
        return owner;
      },
      get member() {
        return member;
      },
      get basicOwner() {
        return basicOwner;
      },
      get stranger() {
        return stranger;
      },
      get job() {
        return job;
      },
      get strangerJob() {
        return strangerJob;
      },
    },
    clock,
    call,
    createKey,
    createEndpoint,
    secretOf,
    deliveriesOf,
    send,
    verified,
  };
}
