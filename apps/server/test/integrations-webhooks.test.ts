import type { Job, WebhookEndpoint } from '@candid/domain';
import { count, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { MAX_WEBHOOK_ATTEMPTS } from '../src/modules/integrations/webhook-sender';
import type { SignedUp } from './factories';
import { applyAs } from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import type { startReceiver } from './webhook-receiver';
import { integrationsSuite } from './integrations-suite';

describe.each(testDbKinds('both'))(
  'API keys and webhooks (%s): webhook events, retries and giving up',
  (kind) => {
    const suite = integrationsSuite(kind);
    const { clock, call, createEndpoint, secretOf, deliveriesOf, send, verified } = suite;
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let owner: SignedUp;
    let job: Job;
    beforeAll(() => {
      ({ t, receiver, owner, job } = suite.state);
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
        expect(events.map((event) => event.type)).toEqual([
          'applicant.created',
          'applicant.created',
        ]);
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
        // Backoff with jitter: between half the step and the step (5 s, then 30 s).
        const firstTry = new Date(delivery!.lastAttemptAt!).getTime();
        const firstWait = new Date(delivery!.nextAttemptAt!).getTime() - firstTry;
        expect(firstWait).toBeGreaterThanOrEqual(2_500);
        expect(firstWait).toBeLessThanOrEqual(5_000);
        // Not due yet: nothing is sent.
        await send();
        expect(receiver.received).toHaveLength(1);
        clock.advance(5_000);
        await send();
        [delivery] = await deliveriesOf(endpoint);
        expect(delivery).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 500 });
        const secondTry = new Date(delivery!.lastAttemptAt!).getTime();
        const secondWait = new Date(delivery!.nextAttemptAt!).getTime() - secondTry;
        expect(secondWait).toBeGreaterThanOrEqual(15_000);
        expect(secondWait).toBeLessThanOrEqual(30_000);
        clock.advance(30_000);
        await send();
        [delivery] = await deliveriesOf(endpoint);
        expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
        expect(delivery!.nextAttemptAt).toBeNull();
        // The same message every time: one id and body, three tries, each signed at its time.
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
        expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
        const stamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']));
        expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(2);
        expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(15);
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
        expect((list.json() as { endpoints: WebhookEndpoint[] }).endpoints[0]).toMatchObject({
          failedCount: 1,
          enabled: false,
          disabledReason: 'failing',
        });
        // Giving up turned the endpoint off (test/webhook-delivery.test.ts): on again, then send.
        const on = await call(
          owner.accessToken,
          'PUT',
          `/api/integrations/webhook/${endpoint._id}`,
          {
            url: endpoint.url,
            events: endpoint.events,
            enabled: true,
          },
        );
        expect(on.statusCode, on.body).toBe(200);

        const again = await call(
          owner.accessToken,
          'POST',
          `/api/integrations/webhook/${endpoint._id}/delivery/${failed!._id}/retry`,
        );
        expect(again.statusCode, again.body).toBe(201);
        await send();
        const log = await deliveriesOf(endpoint);
        expect(log).toHaveLength(2);
        expect(log[0]).toMatchObject({
          status: 'succeeded',
          attempts: 1,
          eventId: failed!.eventId,
        });
        expect(log[1]).toMatchObject({ _id: failed!._id, status: 'failed' });
        const last = receiver.received.at(-1)!;
        expect(last.headers['webhook-id']).toBe(failed!.eventId);
        expect(last.body).toBe(failed!.payload);
      });
    });
  },
);
