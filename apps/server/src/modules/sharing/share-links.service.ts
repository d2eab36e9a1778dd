import { createHash, randomBytes } from 'node:crypto';
import {
  SHARE_PAGE_PATH,
  SHARE_TOKEN_PREFIX,
  shareLinkExpiry,
  type CreateShareLinkResponse,
  type GuestRateBody,
  type GuestRating,
  type SharedApplicant,
  type SharedLinkResponse,
  type ShareLink,
} from '@candid/domain';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shareLinkApplicants, shareLinks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  authorize,
  loggedActor,
  viewAsMeta,
  type GuestActor,
  type GuestLink,
  type StaffActor,
} from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import {
  findApplicantsToShare,
  getSharedApplicant,
  listSharedApplicants,
  recordGuestView,
} from '../review/review.guest';
import { rateApplicantAsGuest } from '../review/review.ratings';
import { miniUserColumns, ownerJoin } from '../users/users.joins';
import { toShareLink, type ShareLinkRow } from './share-links.presenter';

/**
 * Share links: the sharing module owns `share_links` and `share_link_applicants`.
 * A recruiter makes a link for named applicants and a named guest; the guest's calls carry the
 * token in the path, the auth plugin turns it into a guest actor (`findShareLink`) and the
 * policies decide (`shareLink.open`: not revoked, not expired, an applicant of the link). What
 * the guest reads and rates goes through the review module, which owns the applicants.
 */

/** SHA-256 (hex) of a whole token: what is stored and looked up. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token: `shr_` and 32 random bytes in base64url (256 bits). */
function newShareToken(): string {
  return `${SHARE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The link of a whole token, revoked and expired ones included (the policies decide). */
export async function findShareLink(db: Db, token: string): Promise<GuestLink | null> {
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashShareToken(token)));
  if (!link) return null;
  const applicants = await db
    .select({ applicantId: shareLinkApplicants.applicantId })
    .from(shareLinkApplicants)
    .where(eq(shareLinkApplicants.linkId, link.id));
  return {
    id: link.id,
    orgId: link.orgId,
    applicantIds: applicants.map((row) => row.applicantId),
    guestName: link.guestName,
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
  };
}

/** The links of `ids`, newest first, with their creator's name and applicants. */
async function selectLinks(db: Db, ids: readonly string[]): Promise<ShareLinkRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ link: shareLinks, creator: miniUserColumns })
    .from(shareLinks)
    .leftJoin(...ownerJoin(shareLinks.createdBy))
    .where(inArray(shareLinks.id, [...ids]))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const members = await db
    .select()
    .from(shareLinkApplicants)
    .where(inArray(shareLinkApplicants.linkId, [...ids]));
  return rows.map(({ link, creator }) => ({
    link,
    creatorName: creator ? `${creator.fName} ${creator.lName}`.trim() : null,
    applicantIds: members.filter((m) => m.linkId === link.id).map((m) => m.applicantId),
  }));
}

/**
 * `POST job/share-link`: a link for the applicants named (each must be one the caller may
 * open, on a plan with SHARE_LINKS), for `expiresInDays`. Recorded as an activity per link.
 * The token is in this answer only.
 */
export async function createShareLink(
  deps: { db: Db; now: Date },
  actor: StaffActor,
  input: {
    applicantIds: readonly string[];
    guestName: string;
    guestEmail?: string | undefined;
    expiresInDays: number;
  },
): Promise<CreateShareLinkResponse> {
  const { db, now } = deps;
  const ids = [...new Set(input.applicantIds)];
  const applicants = await findApplicantsToShare(db, actor.orgId, ids);
  for (const applicant of applicants) authorize(actor, 'shareLink.create', applicant);
  const token = newShareToken();
  const linkId = await db.transaction(async (tx) => {
    const [link] = await tx
      .insert(shareLinks)
      .values({
        orgId: actor.orgId,
        tokenHash: hashShareToken(token),
        guestName: input.guestName,
        guestEmail: input.guestEmail ? input.guestEmail : null,
        createdBy: actor.user.id,
        createdAt: now,
        expiresAt: shareLinkExpiry(now, input.expiresInDays),
      })
      .returning({ id: shareLinks.id });
    await tx
      .insert(shareLinkApplicants)
      .values(ids.map((applicantId) => ({ linkId: link!.id, applicantId })));
    await recordActivity(tx, {
      type: 'create',
      target: 'shareLink',
      userId: loggedActor(actor).userId,
      orgId: actor.orgId,
      desc: input.guestName,
      meta: {
        shareLinkId: link!.id,
        guestName: input.guestName,
        applicantIds: ids,
        expiresInDays: input.expiresInDays,
        ...viewAsMeta(actor),
      },
      date: now,
    });
    return link!.id;
  });
  const [row] = await selectLinks(db, [linkId]);
  return { link: toShareLink(row!), token, path: `${SHARE_PAGE_PATH}/${token}` };
}

/**
 * `GET job/{jobId}/{applicantId}/share-link`: the applicant's links that still open (not
 * revoked, not expired), newest first.
 */
export async function listApplicantShareLinks(
  deps: { db: Db; now: Date },
  actor: StaffActor,
  params: { jobId: string; applicantId: string },
): Promise<ShareLink[]> {
  const { db, now } = deps;
  const [applicant] = await findApplicantsToShare(db, actor.orgId, [params.applicantId]);
  if (!applicant || applicant.jobId !== params.jobId) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'shareLink.manage', applicant);
  const open = await db
    .select({ id: shareLinks.id })
    .from(shareLinkApplicants)
    .innerJoin(shareLinks, eq(shareLinks.id, shareLinkApplicants.linkId))
    .where(
      and(
        eq(shareLinkApplicants.applicantId, applicant.id),
        eq(shareLinks.orgId, actor.orgId),
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
      ),
    );
  const rows = await selectLinks(
    db,
    open.map((row) => row.id),
  );
  return rows.map(toShareLink);
}

/**
 * `DELETE job/share-link/{id}`: revokes one of the organisation's links at once (the guest's
 * next call answers SHARE_LINK_REVOKED_ERR). Revoking a revoked link changes nothing.
 */
export async function revokeShareLink(
  deps: { db: Db; now: Date },
  actor: StaffActor,
  id: string,
): Promise<ShareLink> {
  const { db, now } = deps;
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.id, id));
  if (!link) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'shareLink.manage', link);
  if (!link.revokedAt) {
    await db.transaction(async (tx) => {
      await tx
        .update(shareLinks)
        .set({ revokedAt: now, revokedBy: actor.user.id })
        .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
      await recordActivity(tx, {
        type: 'remove',
        target: 'shareLink',
        userId: loggedActor(actor).userId,
        orgId: actor.orgId,
        desc: link.guestName,
        meta: { shareLinkId: link.id, guestName: link.guestName, ...viewAsMeta(actor) },
        date: now,
      });
    });
  }
  const [row] = await selectLinks(db, [id]);
  return toShareLink(row!);
}

/** `GET share/{shareToken}`: the guest's name, the link's expiry and its applicants. */
export async function getSharedLink(
  deps: { db: Db; now: Date },
  guest: GuestActor,
): Promise<SharedLinkResponse> {
  authorize(guest, 'shareLink.open', { now: deps.now });
  return {
    guestName: guest.link.guestName,
    expiresAt: guest.link.expiresAt.toISOString(),
    applicants: await listSharedApplicants(deps.db, guest.link.orgId, guest.link.applicantIds),
  };
}

/**
 * `GET share/{shareToken}/{applicantId}`: one applicant of the link. Each view counts on the
 * link, goes on the applicant's timeline and is recorded as a guest activity (guest name, link
 * id, applicant id), in one transaction.
 */
export async function openSharedApplicant(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  guest: GuestActor,
  applicantId: string,
): Promise<SharedApplicant> {
  const { db, now } = deps;
  authorize(guest, 'shareLink.open', { now, applicantId });
  const applicant = await getSharedApplicant(deps, guest.link, applicantId);
  const { link } = guest;
  await db.transaction(async (tx) => {
    await tx
      .update(shareLinks)
      .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: now })
      .where(eq(shareLinks.id, link.id));
    await recordGuestView(tx, { applicantId, guestName: link.guestName, now });
    await recordActivity(tx, {
      type: 'watch',
      target: 'shareLink',
      userId: null,
      orgId: link.orgId,
      desc: `${applicant.info.fName} ${applicant.info.lName}`.trim(),
      meta: { guestName: link.guestName, shareLinkId: link.id, applicantId },
      date: now,
    });
  });
  return applicant;
}

/** `PUT share/{shareToken}/{applicantId}/rating`: the guest's own rating. */
export async function rateSharedApplicant(
  deps: { db: Db; now: Date },
  guest: GuestActor,
  applicantId: string,
  body: GuestRateBody,
): Promise<GuestRating[]> {
  authorize(guest, 'shareLink.open', { now: deps.now, applicantId });
  return rateApplicantAsGuest(deps, guest.link, applicantId, body);
}
