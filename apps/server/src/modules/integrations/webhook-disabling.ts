import type { WebhookDisabledReason } from '@candid/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { webhookEndpoints } from '../../db/schema';
import { enqueueMails } from '../outbox/mail-queue';
import { findOrgOwner } from '../users/users.service';
import { webhookDisabledEmail } from './webhooks.emails';

export const WEBHOOK_DISABLED_PURPOSE = 'webhook-disabled';

/**
 * Turns an endpoint off on the sender's behalf, with the reason and the receiver's last answer
 * kept for the integrations screen, and queues the owner's e-mail in the same transaction.
 * Only the first caller turns it off (a second process, or an endpoint the owner already turned
 * off, changes nothing and sends no mail). Resolves with whether this call turned it off.
 */
export async function disableWebhookEndpoint(
  db: Db,
  input: {
    endpointId: string;
    reason: WebhookDisabledReason;
    error: string | null;
    now: Date;
    publicUrl: string;
    /** Only if nothing reached the endpoint since then (another process may just have). */
    unlessDeliveredSince?: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: input.reason,
        disabledAt: input.now,
        disabledError: input.error,
        updatedAt: input.now,
      })
      .where(
        and(
          eq(webhookEndpoints.id, input.endpointId),
          eq(webhookEndpoints.enabled, true),
          input.unlessDeliveredSince
            ? or(
                isNull(webhookEndpoints.lastSuccessAt),
                lt(webhookEndpoints.lastSuccessAt, input.unlessDeliveredSince),
              )
            : undefined,
        ),
      )
      .returning();
    if (!row) return false;
    const owner = await findOrgOwner(tx, row.orgId);
    if (owner) {
      const email = webhookDisabledEmail({
        lang: owner.language === 'he' ? 'he' : 'en',
        fName: owner.fName,
        url: row.url,
        reason: input.reason,
        lastError: input.error,
        link: new URL('/backoffice/integrations', input.publicUrl).toString(),
      });
      await enqueueMails(
        tx,
        [
          {
            orgId: row.orgId,
            purpose: WEBHOOK_DISABLED_PURPOSE,
            refId: row.id,
            to: owner.email,
            ...email,
          },
        ],
        input.now,
      );
    }
    return true;
  });
}
