import {
  WEBHOOK_SECRET_OVERLAP_MS,
  type CreateApiKeyResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
  type WebhookSecretRotationResponse,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailQueue, users, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { WEBHOOK_DISABLED_PURPOSE } from '../src/modules/integrations/webhook-disabling';
import { MAX_WEBHOOK_ATTEMPTS } from '../src/modules/integrations/webhook-sender';
import { emitWebhookEvent, queueTestEvent } from '../src/modules/integrations/webhooks.service';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { startReceiver, type Received, type Receiver } from './webhook-receiver';

const typeOf = (body: string) => (JSON.parse(body) as WebhookPayload).type;

describe.each(testDbKinds('both'))('webhook delivery (%s)', (kind) => {
  const clock = createTestClock();
  let t: TestApp;
  let fast: Receiver;
  let slow: Receiver;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function createEndpoint(url: string, events: string[] = ['applicant.created']) {
    const response = await call(owner.accessToken, 'POST', '/api/integrations/webhook', {
      url,
      events,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as WebhookEndpoint;
  }

  async function endpointOf(id: string): Promise<WebhookEndpoint> {
    const response = await call(owner.accessToken, 'GET', '/api/integrations/webhook');
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as { endpoints: WebhookEndpoint[] }).endpoints.find(
      (endpoint) => endpoint._id === id,
    );
    return found!;
  }

  async function deliveriesOf(id: string): Promise<WebhookDelivery[]> {
    const response = await call(
      owner.accessToken,
      'GET',
      `/api/integrations/webhook/${id}/delivery`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { deliveries: WebhookDelivery[] }).deliveries;
  }

  async function send() {
    await t.app.webhookSender.idle();
    await t.app.webhookSender.kick();
    await t.app.webhookSender.idle();
  }

  /** Queues an applicant.created event (numbered) for every subscribed endpoint. */
  const emit = (n: number, tx: Parameters<typeof emitWebhookEvent>[0] = t.app.db) =>
    emitWebhookEvent(tx, {
      orgId: owner.user.companyId!,
      type: 'applicant.created',
      data: { n },
      now: clock.now(),
    });

  async function disabledMails() {
    return t.app.db
      .select()
      .from(mailQueue)
      .where(
        and(eq(mailQueue.purpose, WEBHOOK_DISABLED_PURPOSE), eq(mailQueue.toAddress, owner.email)),
      );
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
      now: clock.now,
    });
    fast = await startReceiver();
    slow = await startReceiver();
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Meir' });
    stranger = await accountWith(t.app, { perm: 999, fName: 'Sam' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fast?.close();
    await slow?.close();
  });
  beforeEach(async () => {
    clock.reset();
    await send();
    fast.reset();
    slow.reset();
    await t.app.db.delete(webhookEndpoints);
    await t.app.db.delete(mailQueue).where(eq(mailQueue.purpose, WEBHOOK_DISABLED_PURPOSE));
    await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, owner.user._id));
  });

  it('a 410 turns the endpoint off at once, tells the owner, and "turn on" starts it again', async () => {
    const endpoint = await createEndpoint(fast.url);
    fast.answerWith(() => 410);
    await emit(1);
    await send();
    expect(fast.received).toHaveLength(1);
    const [gone] = await deliveriesOf(endpoint._id);
    expect(gone).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
    expect(gone!.nextAttemptAt).toBeNull();
    const off = await endpointOf(endpoint._id);
    expect(off).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
      disabledError: 'HTTP 410',
    });
    expect(off.disabledAt).not.toBeNull();

    // Nothing more: no retry of that delivery, no new event queued, however long we wait.
    await emit(2);
    clock.advance(24 * 60 * 60_000);
    await send();
    clock.reset();
    expect(fast.received).toHaveLength(1);
    expect(await deliveriesOf(endpoint._id)).toHaveLength(1);

    const mails = await disabledMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Webhook to ${fast.url} turned off`);
    expect(mails[0]!.text).toContain('410');
    expect(mails[0]!.text).toContain('http://localhost:3000/backoffice/integrations');

    // The owner fixes the receiver and turns it on: the reason goes, events flow again.
    fast.answerWith(() => 200);
    const on = await call(owner.accessToken, 'PUT', `/api/integrations/webhook/${endpoint._id}`, {
      url: endpoint.url,
      events: endpoint.events,
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, disabledError: null });
    await emit(3);
    await send();
    expect(fast.received).toHaveLength(2);
    expect((await deliveriesOf(endpoint._id))[0]).toMatchObject({ status: 'succeeded' });
    // Still one mail: turning on and off by hand sends none.
    expect(await disabledMails()).toHaveLength(1);
  });

  it('keeps deliveries that were waiting when a 410 turned the endpoint off, and sends them once it is on', async () => {
    const endpoint = await createEndpoint(fast.url);
    fast.answerWith((body) => ((JSON.parse(body) as WebhookPayload).data.n === 1 ? 410 : 200));
    await t.app.db.transaction(async (tx) => {
      await emit(1, tx);
      clock.advance(1);
      await emit(2, tx);
    });
    await send();
    expect(fast.received).toHaveLength(1);
    const waiting = (await deliveriesOf(endpoint._id)).find((d) => d.status === 'pending');
    expect(waiting).toMatchObject({ attempts: 0 });
    await call(owner.accessToken, 'PUT', `/api/integrations/webhook/${endpoint._id}`, {
      url: endpoint.url,
      events: endpoint.events,
      enabled: true,
    });
    await send();
    expect(fast.received).toHaveLength(2);
    expect(JSON.parse(fast.received[1]!.body)).toMatchObject({ data: { n: 2 } });
  });

  it('turns the endpoint off when a delivery gives up with nothing delivered since, and mails the owner in their language', async () => {
    await t.app.db.update(users).set({ language: 'he' }).where(eq(users.id, owner.user._id));
    const endpoint = await createEndpoint(fast.url);
    fast.answerWith(() => 503);
    await emit(1);
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS; i += 1) {
      await send();
      clock.advance(11 * 60 * 60_000);
    }
    await send();
    clock.reset();
    expect(fast.received).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
    const off = await endpointOf(endpoint._id);
    expect(off).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
      disabledError: 'HTTP 503',
      failedCount: 1,
    });
    const mails = await disabledMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('he');
    expect(mails[0]!.subject).toBe(`ה-webhook ל-${fast.url} הושבת`);
    expect(mails[0]!.html).toContain('dir="rtl"');
  });

  it('keeps the endpoint on when one delivery gives up but others reached it meanwhile', async () => {
    const endpoint = await createEndpoint(fast.url);
    // The receiver refuses test events only: the applicant events keep getting through.
    fast.answerWith((body) => (typeOf(body) === 'webhook.test' ? 500 : 200));
    const [row] = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint._id));
    await queueTestEvent(t.app.db, row!, clock.now());
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS; i += 1) {
      await send();
      clock.advance(1_000);
      await emit(i);
      clock.advance(11 * 60 * 60_000);
    }
    await send();
    clock.reset();
    const [stored] = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint._id));
    expect(stored).toMatchObject({ enabled: true, disabledReason: null });
    const test = await t.app.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint._id),
          eq(webhookDeliveries.eventType, 'webhook.test'),
        ),
      );
    expect(test[0]).toMatchObject({ status: 'failed', attempts: MAX_WEBHOOK_ATTEMPTS });
    expect(await disabledMails()).toHaveLength(0);
  });

  it('rotates the secret: both signatures during the overlap, only the new one after it', async () => {
    const endpoint = await createEndpoint(fast.url);
    const before = await call(
      owner.accessToken,
      'GET',
      `/api/integrations/webhook/${endpoint._id}/secret`,
    );
    const oldSecret = (before.json() as { secret: string }).secret;
    const rotated = await call(
      owner.accessToken,
      'POST',
      `/api/integrations/webhook/${endpoint._id}/secret/rotate`,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, previousSecretExpiresAt } =
      rotated.json() as WebhookSecretRotationResponse;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const overlapEnds = new Date(previousSecretExpiresAt).getTime();
    expect(overlapEnds - clock.now().getTime()).toBeGreaterThan(WEBHOOK_SECRET_OVERLAP_MS - 60_000);
    expect(overlapEnds - clock.now().getTime()).toBeLessThanOrEqual(WEBHOOK_SECRET_OVERLAP_MS);
    expect((await endpointOf(endpoint._id)).previousSecretExpiresAt).toBe(previousSecretExpiresAt);
    const shown = await call(
      owner.accessToken,
      'GET',
      `/api/integrations/webhook/${endpoint._id}/secret`,
    );
    expect((shown.json() as { secret: string }).secret).toBe(newSecret);

    const verify = (secret: string, received: Received) =>
      new Webhook(secret).verify(received.body, {
        'webhook-id': String(received.headers['webhook-id']),
        'webhook-timestamp': String(received.headers['webhook-timestamp']),
        'webhook-signature': String(received.headers['webhook-signature']),
      });

    await emit(1);
    await send();
    const during = fast.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(newSecret, during)).toMatchObject({ data: { n: 1 } });
    expect(verify(oldSecret, during)).toMatchObject({ data: { n: 1 } });

    // After the window only the new secret signs.
    clock.advance(WEBHOOK_SECRET_OVERLAP_MS + 1_000);
    await emit(2);
    await send();
    const after = fast.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    // The receiver checks the timestamp against its own clock: the test's, a day on.
    vi.useFakeTimers({ toFake: ['Date'], now: clock.now() });
    try {
      expect(verify(newSecret, after)).toMatchObject({ data: { n: 2 } });
      expect(() => verify(oldSecret, after)).toThrow();
    } finally {
      vi.useRealTimers();
      clock.reset();
    }
  });

  it('lets only the owner rotate, and only their own endpoints', async () => {
    const endpoint = await createEndpoint(fast.url);
    const path = `/api/integrations/webhook/${endpoint._id}/secret/rotate`;
    expect((await call(member.accessToken, 'POST', path)).statusCode).toBe(403);
    expect((await call(stranger.accessToken, 'POST', path)).statusCode).toBe(404);
    const [row] = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint._id));
    expect(row!.previousSecret).toBeNull();
  });

  it('sends to different endpoints side by side, and to each one in order', async () => {
    const slowEndpoint = await createEndpoint(slow.url);
    await createEndpoint(fast.url);
    slow.hold();
    // One transaction: the sender sees the six deliveries at once.
    await t.app.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        clock.advance(1);
        await emit(n, tx);
      }
    });
    const run = t.app.webhookSender.kick();
    // The fast receiver gets all three while the slow one still holds its first.
    await vi.waitFor(() => expect(fast.received).toHaveLength(3), { timeout: 10_000 });
    expect(slow.received).toHaveLength(1);
    slow.release();
    await run;
    await send();
    const order = (receiver: Receiver) =>
      receiver.received.map((r) => (JSON.parse(r.body) as WebhookPayload).data.n);
    expect(order(fast)).toEqual([1, 2, 3]);
    expect(order(slow)).toEqual([1, 2, 3]);
    // Never two at once to one endpoint.
    expect(slow.maxInFlight).toBe(1);
    expect((await deliveriesOf(slowEndpoint._id)).map((d) => d.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('answers API-key calls with the RateLimit fields, and other calls without them', async () => {
    const created = await call(owner.accessToken, 'POST', '/api/integrations/api-key', {
      name: 'ATS',
      scope: 'read',
    });
    const { key } = created.json() as CreateApiKeyResponse;
    const first = await call(key, 'GET', '/api/job');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe('"default";q=100000;w=60');
    const parse = (value: unknown) => {
      const match = /^"default";r=(\d+);t=(\d+)$/.exec(String(value));
      expect(match, String(value)).not.toBeNull();
      return { r: Number(match![1]), t: Number(match![2]) };
    };
    const a = parse(first.headers.ratelimit);
    const b = parse((await call(key, 'GET', '/api/job')).headers.ratelimit);
    expect(b.r).toBe(a.r - 1);
    expect(a.t).toBeGreaterThan(0);
    expect(a.t).toBeLessThanOrEqual(60);
    const session = await call(owner.accessToken, 'GET', '/api/job');
    expect(session.headers['ratelimit-policy']).toBeUndefined();
    expect(session.headers.ratelimit).toBeUndefined();
  });
});

describe("webhook sender with the server's logger", () => {
  let t: TestApp;
  let receiver: Receiver;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, undefined, {
      logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } },
    });
    receiver = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('logs a failed try with the answer and goes on with the rest of the batch', async () => {
    const owner = await accountWith(t.app, { perm: 999 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/webhook',
      headers: bearer(owner.accessToken),
      payload: { url: receiver.url, events: ['applicant.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    receiver.answerWith(() => 500);
    await t.app.db.transaction(async (tx) => {
      for (const n of [1, 2]) {
        await emitWebhookEvent(tx, {
          orgId: owner.user.companyId!,
          type: 'applicant.created',
          data: { n },
          now: new Date(Date.now() + n),
        });
      }
    });
    await t.app.webhookSender.idle();
    await t.app.webhookSender.kick();
    await t.app.webhookSender.idle();
    expect(receiver.received).toHaveLength(2);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; error?: string });
    expect(logged.filter((line) => line.msg === 'webhook not delivered')).toHaveLength(2);
    expect(logged.find((line) => line.msg === 'webhook not delivered')?.error).toBe('HTTP 500');
    expect(logged.filter((line) => line.msg === 'webhook run failed')).toHaveLength(0);
  });
});
