import { createHash } from 'node:crypto';
import type { ApiKey, Job } from '@candid/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, apiKeys, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import type { startReceiver } from './webhook-receiver';
import { integrationsSuite } from './integrations-suite';

describe.each(testDbKinds())(
  'API keys and webhooks (%s): API keys, and webhooks kept off private networks',
  (kind) => {
    const suite = integrationsSuite(kind);
    const { clock, call, createKey } = suite;
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let owner: SignedUp;
    let member: SignedUp;
    let basicOwner: SignedUp;
    let stranger: SignedUp;
    let job: Job;
    let strangerJob: Job;
    beforeAll(() => {
      ({ t, receiver, owner, member, basicOwner, stranger, job, strangerJob } = suite.state);
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
          // The database's default is its own now() in microseconds; the sender compares with the
          // app's clock in milliseconds, so a row made in the same millisecond would not be due yet.
          nextAttemptAt: new Date(Date.now() - 1000),
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
  },
);
