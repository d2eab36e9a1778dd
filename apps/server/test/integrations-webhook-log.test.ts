import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema';
import {
  DELIVERY_RETENTION_MS,
  pruneDeliveries,
} from '../src/modules/integrations/webhooks.service';
import type { SignedUp } from './factories';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import type { startReceiver } from './webhook-receiver';
import { integrationsSuite } from './integrations-suite';

describe.each(testDbKinds('both'))(
  'API keys and webhooks (%s): webhook test events, retention, edits and isolation',
  (kind) => {
    const suite = integrationsSuite(kind);
    const { clock, call, createEndpoint, secretOf, deliveriesOf, send, verified } = suite;
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let owner: SignedUp;
    let member: SignedUp;
    let stranger: SignedUp;
    beforeAll(() => {
      ({ t, receiver, owner, member, stranger } = suite.state);
    });

    describe('webhooks: test events, retention, edits and isolation', () => {
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
  },
);
