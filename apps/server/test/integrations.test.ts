import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ApiKey,
  CreateApiKeyResponse,
  Job,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookPayload,
} from '@candid/domain';
import { count, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, apiKeys, users, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { MAX_WEBHOOK_ATTEMPTS } from '../src/modules/integrations/webhook-sender';
import {
  DELIVERY_RETENTION_MS,
  pruneDeliveries,
} from '../src/modules/integrations/webhooks.service';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import { applyAs } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/** What the local receiver got: one entry per POST. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on this machine: records every POST and answers with the next status of
 * `answers` (200 once they run out).
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDbKinds())('API keys and webhooks (%s)', (kind) => {
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

  describe('API keys', () => {
    it('shows a new key once and stores only its hash', async () => {
      const { key, apiKey } = await createKey(owner, 'read', 'Greenhouse sync');
      expect(key).toMatch(/^cnd_[A-Za-z0-9_-]{43}$/);
      expect(apiKey).toMatchObject({
        name: 'Greenhouse sync',
        scope: 'read',
        prefix: key.slice(0, 12),
        revokedAt: null,
        lastUsedAt: null,
        createdBy: 'Olga Test',
      });
      const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey._id));
      expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(key);
      const list = await call(owner.accessToken, 'GET', '/api/integrations/api-key');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(key);
      expect((list.json() as { apiKeys: ApiKey[] }).apiKeys.map((k) => k._id)).toContain(
        apiKey._id,
      );
      // The activity log says who made which key, never the key.
      const logged = await t.app.db
        .select()
        .from(activities)
        .where(eq(activities.target, 'apiKey'));
      const entry = logged.find((a) => JSON.stringify(a.meta).includes(apiKey._id));
      expect(entry).toMatchObject({
        type: 'create',
        userId: owner.user._id,
        description: 'Greenhouse sync',
      });
      expect(JSON.stringify(logged)).not.toContain(key);
    });

    it('refuses a bad name or scope and makes nothing', async () => {
      const [before] = await t.app.db.select({ n: count() }).from(apiKeys);
      for (const body of [{ name: '', scope: 'read' }, { name: 'x', scope: 'admin' }, {}]) {
        const response = await call(owner.accessToken, 'POST', '/api/integrations/api-key', body);
        expect(response.statusCode, response.body).toBe(400);
      }
      const [after] = await t.app.db.select({ n: count() }).from(apiKeys);
      expect(after!.n).toBe(before!.n);
    });

    it('a read key reads the organisation and may not write (403)', async () => {
      const { key } = await createKey(owner, 'read');
      const read = await call(key, 'GET', `/api/job/${job._id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ _id: job._id });
      const list = await call(key, 'GET', `/api/job/applicant?jobId=${job._id}`);
      expect(list.statusCode, list.body).toBe(200);
      for (const [method, url, body] of [
        ['POST', '/api/job', { job: jobPayload({ quests: [questionPayload('text')] }) }],
        ['PUT', '/api/job', { jobs: [job] }],
        ['DELETE', `/api/job/${job._id}`, undefined],
      ] as const) {
        const response = await call(key, method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
        expect(response.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
      }
    });

    it('a write key works on jobs and applicants as the owner, never on accounts, the team, admin screens or keys', async () => {
      const { key, apiKey } = await createKey(owner, 'write');
      const created = await call(key, 'POST', '/api/job', {
        job: jobPayload({ quests: [questionPayload('text')] }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const createdJob = created.json() as Job;
      expect(createdJob.owner?._id).toBe(owner.user._id);
      // The activity log names the owner and the key that acted for them.
      const [logged] = await t.app.db
        .select({ userId: activities.userId, meta: activities.meta })
        .from(activities)
        .where(sql`${activities.meta} ->> 'jobId' = ${createdJob._id}`);
      expect(logged).toEqual({
        userId: owner.user._id,
        meta: expect.objectContaining({ apiKeyId: apiKey._id }) as unknown,
      });
      const forbidden = [
        ['GET', '/api/team'],
        ['GET', '/api/integrations/api-key'],
        ['POST', '/api/integrations/api-key', { name: 'more', scope: 'write' }],
        ['GET', '/api/integrations/webhook'],
        ['GET', '/api/user/query'],
        ['PUT', '/api/user', { user: { _id: owner.user._id, fName: 'Taken' } }],
        ['POST', '/api/department', { name: 'By key' }],
      ] as const;
      for (const [method, url, body] of forbidden) {
        const response = await call(key, method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      }
    });

    it("another organisation's key gets 404 for this organisation's data", async () => {
      const { key } = await createKey(stranger, 'write');
      const read = await call(key, 'GET', `/api/job/${job._id}`);
      expect(read.statusCode, read.body).toBe(404);
      const own = await call(key, 'GET', `/api/job/${strangerJob._id}`);
      expect(own.statusCode, own.body).toBe(200);
    });

    it('a revoked key gets 401 at once; revoking twice changes nothing', async () => {
      const { key, apiKey } = await createKey(owner, 'write');
      expect((await call(key, 'GET', `/api/job/${job._id}`)).statusCode).toBe(200);
      const revoked = await call(
        owner.accessToken,
        'DELETE',
        `/api/integrations/api-key/${apiKey._id}`,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      const revokedAt = (revoked.json() as { apiKey: ApiKey }).apiKey.revokedAt;
      expect(revokedAt).not.toBeNull();
      const refused = await call(key, 'GET', `/api/job/${job._id}`);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ key: 'INVALID_TOKEN_ERR' });
      clock.advance(60_000);
      const again = await call(
        owner.accessToken,
        'DELETE',
        `/api/integrations/api-key/${apiKey._id}`,
      );
      expect((again.json() as { apiKey: ApiKey }).apiKey.revokedAt).toBe(revokedAt);
      // An unknown key, and one that only looks like a key, are refused the same way.
      expect((await call('cnd_nope', 'GET', `/api/job/${job._id}`)).statusCode).toBe(401);
    });

    it('records the last use at most once a minute', async () => {
      const { key, apiKey } = await createKey(owner, 'read');
      const lastUsed = async () =>
        (await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey._id)))[0]!.lastUsedAt;
      await call(key, 'GET', `/api/job/${job._id}`);
      const first = await lastUsed();
      expect(first).not.toBeNull();
      clock.advance(30_000);
      await call(key, 'GET', `/api/job/${job._id}`);
      expect((await lastUsed())!.getTime()).toBe(first!.getTime());
      clock.advance(31_000);
      await call(key, 'GET', `/api/job/${job._id}`);
      expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    });

    it('only the enterprise owner manages keys: a member and a basic-plan owner get 403, nobody 401', async () => {
      const { apiKey } = await createKey(owner, 'read');
      for (const account of [member, basicOwner]) {
        for (const [method, url, body] of [
          ['GET', '/api/integrations/api-key'],
          ['POST', '/api/integrations/api-key', { name: 'Mine', scope: 'write' }],
          ['DELETE', `/api/integrations/api-key/${apiKey._id}`],
        ] as const) {
          const response = await call(account.accessToken, method, url, body);
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
        }
      }
      expect((await call(null, 'GET', '/api/integrations/api-key')).statusCode).toBe(401);
      // Another organisation's owner cannot revoke it.
      const foreign = await call(
        stranger.accessToken,
        'DELETE',
        `/api/integrations/api-key/${apiKey._id}`,
      );
      expect(foreign.statusCode).toBe(404);
    });

    it('documents the key scheme in the OpenAPI page', async () => {
      const document = t.app.swagger() as {
        components: { securitySchemes: Record<string, { bearerFormat?: string }> };
        paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
      };
      expect(document.components.securitySchemes.apiKeyAuth).toMatchObject({
        bearerFormat: 'cnd_…',
      });
      const schemes = (path: string, method: string) =>
        (document.paths[path]?.[method]?.security ?? []).flatMap((req) => Object.keys(req));
      expect(schemes('/api/job/{id}', 'get')).toContain('apiKeyAuth');
      expect(schemes('/api/team', 'get')).not.toContain('apiKeyAuth');
      expect(schemes('/api/integrations/api-key', 'post')).not.toContain('apiKeyAuth');
    });
  });

  describe('webhooks', () => {
    it('refuses an address that is neither https nor this machine, and makes nothing', async () => {
      for (const url of ['http://ats.example.com/hook', 'ftp://x.example.com', 'nope']) {
        const response = await call(owner.accessToken, 'POST', '/api/integrations/webhook', {
          url,
          events: ['applicant.created'],
        });
        expect(response.statusCode, response.body).toBe(400);
      }
      const none = await call(owner.accessToken, 'POST', '/api/integrations/webhook', {
        url: receiver.url,
        events: [],
      });
      expect(none.statusCode).toBe(400);
      const [rows] = await t.app.db.select({ n: count() }).from(webhookEndpoints);
      expect(rows!.n).toBe(0);
    });

    it('sends applicant created, submitted and status changed, signed per Standard Webhooks', async () => {
      const endpoint = await createEndpoint(owner);
      const secret = await secretOf(endpoint);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const created = await applyAs(t.app, job._id, {
        info: { fName: 'Webhook' },
        answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'An answer' } },
      });
      const applicantId = created.applicant.id;
      const status = await call(owner.accessToken, 'PUT', '/api/job/applicant', {
        applicants: [{ id: applicantId, status: 2 }],
      });
      expect(status.statusCode, status.body).toBe(200);
      await send();
      const events = verified(secret);
      expect(events.map((event) => event.type)).toEqual([
        'applicant.created',
        'applicant.submitted',
        'applicant.status_changed',
      ]);
      expect(events[0]!.data).toMatchObject({ applicantId, jobId: job._id, fName: 'Webhook' });
      expect(events[1]!.data.submittedAt).toEqual(expect.any(String));
      expect(events[2]!.data).toMatchObject({ applicantId, status: 2, previousStatus: 0 });
      // Each event is its own message; a tampered body fails verification.
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(3);
      const first = receiver.received[0]!;
      expect(() =>
        new Webhook(secret).verify(first.body.replace('Webhook', 'Tampered'), {
          'webhook-id': String(first.headers['webhook-id']),
          'webhook-timestamp': String(first.headers['webhook-timestamp']),
          'webhook-signature': String(first.headers['webhook-signature']),
        }),
      ).toThrow();
      const log = await deliveriesOf(endpoint);
      expect(log).toHaveLength(3);
      expect(log.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
      expect(log[0]).toMatchObject({ responseStatus: 200, responseBody: 'thanks' });
    });

    it('tells of invited applicants too, and of nothing a refused change did not do', async () => {
      const endpoint = await createEndpoint(owner);
      const invited = await call(owner.accessToken, 'POST', `/api/job/${job._id}/invitations`, {
        rows: [{ fName: 'Invited', lName: 'Person', email: 'invited-hook@example.com' }],
        subject: 'Your interview',
        message: 'Hello',
        language: 'en',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      // A status change before the submit is refused (409): no event either.
      const started = await applyAs(t.app, job._id, { finish: 'none' });
      const refused = await call(owner.accessToken, 'PUT', '/api/job/applicant', {
        applicants: [{ id: started.applicant.id, status: 2 }],
      });
      expect(refused.statusCode).toBe(409);
      await send();
      const events = verified(await secretOf(endpoint));
      expect(events.map((event) => event.type)).toEqual(['applicant.created', 'applicant.created']);
      const byName = (fName: string) => events.find((event) => event.data.fName === fName)?.data;
      expect(byName('Invited')).toMatchObject({ invited: true, submittedAt: null });
      expect(byName('Yael')).toMatchObject({ applicantId: started.applicant.id });
      expect(await deliveriesOf(endpoint)).toHaveLength(2);
    });

    it('sends only the events an enabled endpoint chose', async () => {
      const onlyStatus = await createEndpoint(owner, { events: ['applicant.status_changed'] });
      const disabled = await createEndpoint(owner, { enabled: false });
      await applyAs(t.app, job._id, {
        answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'An answer' } },
      });
      await send();
      expect(receiver.received).toHaveLength(0);
      expect(await deliveriesOf(onlyStatus)).toHaveLength(0);
      expect(await deliveriesOf(disabled)).toHaveLength(0);
    });

    it('queues nothing while the plan has no integrations, and starts again with it', async () => {
      const endpoint = await createEndpoint(owner);
      await t.app.db.update(users).set({ perm: 1 }).where(eq(users.id, owner.user._id));
      try {
        await applyAs(t.app, job._id, {
          answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'Sent after the downgrade' } },
        });
        await send();
        expect(receiver.received).toHaveLength(0);
        const [queued] = await t.app.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint._id));
        expect(queued!.n).toBe(0);
      } finally {
        await t.app.db.update(users).set({ perm: 999 }).where(eq(users.id, owner.user._id));
      }
      await applyAs(t.app, job._id, {
        answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'Sent after the upgrade' } },
      });
      await send();
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(await deliveriesOf(endpoint)).not.toHaveLength(0);
    });

    it('retries with backoff when the receiver fails, and logs every answer', async () => {
      const endpoint = await createEndpoint(owner, { events: ['applicant.created'] });
      receiver.answers.push(500, 500);
      await applyAs(t.app, job._id, { finish: 'none' });
      await send();
      expect(verified(await secretOf(endpoint))).toHaveLength(1);
      let [delivery] = await deliveriesOf(endpoint);
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        responseStatus: 500,
        responseBody: 'receiver is down',
        error: 'HTTP 500',
      });
      const firstTry = new Date(delivery!.lastAttemptAt!).getTime();
      expect(new Date(delivery!.nextAttemptAt!).getTime() - firstTry).toBe(5_000);
      // Not due yet: nothing is sent.
      await send();
      expect(receiver.received).toHaveLength(1);
      clock.advance(5_000);
      await send();
      [delivery] = await deliveriesOf(endpoint);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 500 });
      const secondTry = new Date(delivery!.lastAttemptAt!).getTime();
      expect(new Date(delivery!.nextAttemptAt!).getTime() - secondTry).toBe(300_000);
      clock.advance(300_000);
      await send();
      [delivery] = await deliveriesOf(endpoint);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
      expect(delivery!.nextAttemptAt).toBeNull();
      // The same message every time: one id and body, three tries, each signed at its time.
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      const stamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']));
      expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(5);
      expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(300);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-signature'])).size).toBe(3);
    });

    it(`gives up after ${MAX_WEBHOOK_ATTEMPTS} tries, then "Send again" sends the same message`, async () => {
      const endpoint = await createEndpoint(owner, { events: ['applicant.created'] });
      receiver.answers.push(...Array<number>(MAX_WEBHOOK_ATTEMPTS).fill(503));
      await applyAs(t.app, job._id, { finish: 'none' });
      for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS; i += 1) {
        await send();
        clock.advance(11 * 60 * 60_000);
      }
      await send();
      // Back to now: the owner's access token of the test's start is valid again.
      clock.reset();
      const [failed] = await deliveriesOf(endpoint);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: MAX_WEBHOOK_ATTEMPTS,
        nextAttemptAt: null,
        responseStatus: 503,
      });
      expect(receiver.received).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
      const list = await call(owner.accessToken, 'GET', '/api/integrations/webhook');
      expect((list.json() as { endpoints: WebhookEndpoint[] }).endpoints[0]!.failedCount).toBe(1);

      const again = await call(
        owner.accessToken,
        'POST',
        `/api/integrations/webhook/${endpoint._id}/delivery/${failed!._id}/retry`,
      );
      expect(again.statusCode, again.body).toBe(201);
      await send();
      const log = await deliveriesOf(endpoint);
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 1, eventId: failed!.eventId });
      expect(log[1]).toMatchObject({ _id: failed!._id, status: 'failed' });
      const last = receiver.received.at(-1)!;
      expect(last.headers['webhook-id']).toBe(failed!.eventId);
      expect(last.body).toBe(failed!.payload);
    });

    it('sends a test event, and keeps deliveries durable until a sender runs', async () => {
      const endpoint = await createEndpoint(owner, { events: ['applicant.created'] });
      const test = await call(
        owner.accessToken,
        'POST',
        `/api/integrations/webhook/${endpoint._id}/test`,
      );
      expect(test.statusCode, test.body).toBe(201);
      // The row is there before any send: a restart now loses nothing.
      const [pending] = await t.app.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint._id));
      expect(pending!.eventType).toBe('webhook.test');
      await send();
      const [event] = verified(await secretOf(endpoint));
      expect(event).toMatchObject({ type: 'webhook.test' });
      // A disabled endpoint is not sent to: enable it first.
      const disabled = await call(
        owner.accessToken,
        'PUT',
        `/api/integrations/webhook/${endpoint._id}`,
        { url: receiver.url, events: ['applicant.created'], enabled: false },
      );
      expect(disabled.statusCode, disabled.body).toBe(200);
      const refused = await call(
        owner.accessToken,
        'POST',
        `/api/integrations/webhook/${endpoint._id}/test`,
      );
      expect(refused.statusCode).toBe(409);
    });

    it('prunes finished deliveries after the retention, never one still to be sent', async () => {
      const endpoint = await createEndpoint(owner, { enabled: false });
      const old = new Date(clock.now().getTime() - DELIVERY_RETENTION_MS - 60_000);
      const row = (status: 'pending' | 'succeeded' | 'failed', createdAt: Date) => ({
        orgId: owner.user.companyId!,
        endpointId: endpoint._id,
        eventId: `msg_${status}`,
        eventType: 'applicant.created',
        payload: '{}',
        status,
        createdAt,
      });
      await t.app.db
        .insert(webhookDeliveries)
        .values([
          row('succeeded', old),
          row('failed', old),
          row('pending', old),
          row('succeeded', clock.now()),
        ]);
      expect(await pruneDeliveries(t.app.db, clock.now())).toBe(2);
      const left = await deliveriesOf(endpoint);
      expect(left.map((d) => d.status).sort()).toEqual(['pending', 'succeeded']);
    });

    it('edits and deletes an endpoint with its log', async () => {
      const endpoint = await createEndpoint(owner);
      const edited = await call(
        owner.accessToken,
        'PUT',
        `/api/integrations/webhook/${endpoint._id}`,
        {
          url: 'https://ats.example.com/candid',
          description: 'Our ATS',
          events: ['applicant.submitted'],
        },
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        url: 'https://ats.example.com/candid',
        description: 'Our ATS',
        events: ['applicant.submitted'],
        enabled: true,
      });
      const bad = await call(
        owner.accessToken,
        'PUT',
        `/api/integrations/webhook/${endpoint._id}`,
        { url: 'http://ats.example.com', events: ['applicant.submitted'] },
      );
      expect(bad.statusCode).toBe(400);
      const removed = await call(
        owner.accessToken,
        'DELETE',
        `/api/integrations/webhook/${endpoint._id}`,
      );
      expect(removed.statusCode).toBe(200);
      const list = await call(owner.accessToken, 'GET', '/api/integrations/webhook');
      expect((list.json() as { endpoints: unknown[] }).endpoints).toHaveLength(0);
    });

    it("keeps each organisation's endpoints, secrets and logs to itself, and to its owner", async () => {
      const endpoint = await createEndpoint(owner);
      const [delivery] = await t.app.db
        .insert(webhookDeliveries)
        .values({
          orgId: owner.user.companyId!,
          endpointId: endpoint._id,
          eventId: 'msg_x',
          eventType: 'applicant.created',
          payload: '{}',
          status: 'failed',
        })
        .returning();
      const urls = [
        ['GET', `/api/integrations/webhook/${endpoint._id}/secret`],
        ['GET', `/api/integrations/webhook/${endpoint._id}/delivery`],
        ['POST', `/api/integrations/webhook/${endpoint._id}/test`],
        ['POST', `/api/integrations/webhook/${endpoint._id}/delivery/${delivery!.id}/retry`],
        ['DELETE', `/api/integrations/webhook/${endpoint._id}`],
      ] as const;
      for (const [method, url] of urls) {
        const foreign = await call(stranger.accessToken, method, url);
        expect(foreign.statusCode, `${method} ${url}`).toBe(404);
        const byMember = await call(member.accessToken, method, url);
        expect(byMember.statusCode, `${method} ${url}`).toBe(403);
      }
      const strangerList = await call(stranger.accessToken, 'GET', '/api/integrations/webhook');
      expect(strangerList.body).not.toContain(endpoint._id);
      // A delivery of another endpoint is not found through this one.
      const other = await createEndpoint(owner);
      const crossed = await call(
        owner.accessToken,
        'POST',
        `/api/integrations/webhook/${other._id}/delivery/${delivery!.id}/retry`,
      );
      expect(crossed.statusCode).toBe(404);
    });
  });

  describe('on a server that keeps webhooks off private networks', () => {
    let locked: TestApp;
    let lockedOwner: SignedUp;
    beforeAll(async () => {
      locked = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
      lockedOwner = await accountWith(locked.app, { fName: 'Lea' });
    }, 120_000);
    afterAll(async () => locked?.close());

    it('refuses an address on this machine or its network, and never sends to one', async () => {
      for (const url of [receiver.url, 'https://10.0.0.5/hook', 'https://169.254.169.254/x']) {
        const response = await locked.app.inject({
          method: 'POST',
          url: '/api/integrations/webhook',
          headers: bearer(lockedOwner.accessToken),
          payload: { url, events: ['applicant.created'] },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({
          issues: [{ path: 'url', message: 'validation.WEBHOOK_URL_VALIDATE' }],
        });
      }
      // One saved before (or a name that resolves there since) is refused at send time.
      const [endpoint] = await locked.app.db
        .insert(webhookEndpoints)
        .values({
          orgId: lockedOwner.user.companyId!,
          url: receiver.url.replace('127.0.0.1', 'localhost'),
          events: ['applicant.created'],
          secret: 'whsec_c2VjcmV0',
        })
        .returning();
      await locked.app.db.insert(webhookDeliveries).values({
        orgId: lockedOwner.user.companyId!,
        endpointId: endpoint!.id,
        eventId: 'msg_private',
        eventType: 'applicant.created',
        payload: '{}',
      });
      await locked.app.webhookSender.idle();
      await locked.app.webhookSender.kick();
      await locked.app.webhookSender.idle();
      const [row] = await locked.app.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      expect(row!.lastError).toMatch(/private network/);
      expect(receiver.received).toHaveLength(0);
    });
  });
});
