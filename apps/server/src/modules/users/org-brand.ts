import {
  DEFAULT_ORG_BRAND,
  orgOfImageUrl,
  type OrgBrand,
  type UpdateOrgBrandBody,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { organizations } from '../../db/schema';
import { authorize, loggedActor, type StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';

/**
 * The organisation's brand on the candidate side, kept on its row: the owner sets it here; the
 * public job, the application status page and the candidates' e-mails read it
 * (`getOrgBrand`).
 */

const brandColumns = {
  logoUrl: organizations.brandLogoUrl,
  accentColor: organizations.brandAccentColor,
  showVendorMark: organizations.brandShowVendorMark,
};

/** The brand of an organisation; Candid's own look for an unknown one. */
export async function getOrgBrand(db: Db | DbTx, orgId: string): Promise<OrgBrand> {
  const [row] = await db
    .select(brandColumns)
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row ?? { ...DEFAULT_ORG_BRAND };
}

/** `GET org/brand`: anyone of the organisation reads it (the screen shows members the owner's choice). */
export async function getBrandSettings(db: Db, actor: StaffActor): Promise<OrgBrand> {
  authorize(actor, 'brand.read', { orgId: actor.orgId });
  return getOrgBrand(db, actor.orgId);
}

/**
 * `PUT org/brand`: the owner's whole brand. A logo must be an image uploaded to this
 * organisation (another's is not found); the colour was checked for contrast by the body's
 * schema. The activity keeps what changed, before and after.
 */
export async function updateBrandSettings(
  db: Db,
  actor: StaffActor,
  input: UpdateOrgBrandBody,
  now: Date,
): Promise<OrgBrand> {
  authorize(actor, 'brand.manage', { orgId: actor.orgId });
  if (input.logoUrl) authorize(actor, 'brand.manage', { orgId: orgOfImageUrl(input.logoUrl) });
  const next: OrgBrand = {
    logoUrl: input.logoUrl,
    accentColor: input.accentColor?.toLowerCase() ?? null,
    showVendorMark: input.showVendorMark,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select(brandColumns)
      .from(organizations)
      .where(eq(organizations.id, actor.orgId))
      .for('update');
    await tx
      .update(organizations)
      .set({
        brandLogoUrl: next.logoUrl,
        brandAccentColor: next.accentColor,
        brandShowVendorMark: next.showVendorMark,
        updatedAt: now,
      })
      .where(eq(organizations.id, actor.orgId));
    await recordActivity(tx, {
      type: 'update',
      target: 'brand',
      userId: loggedActor(actor).userId,
      orgId: actor.orgId,
      meta: { ...next, previous: before ?? null },
      date: now,
    });
  });
  return next;
}
