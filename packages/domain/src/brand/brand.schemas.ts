import { z } from 'zod';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { HEX_COLOUR_PATTERN, isReadableAccent } from './colour';

/**
 * An image uploaded to an organisation (`POST upload/image`), by its stable `/api/files/…` URL:
 * the only logos a brand may name, so a candidate page never loads an outside address.
 */
export const ORG_IMAGE_URL_PATTERN =
  /^\/api\/files\/org\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/images\/[0-9a-f]{32}\.(?:png|jpg|webp|gif)$/;

/** The organisation an uploaded image's URL belongs to, or null for anything else. */
export function orgOfImageUrl(url: string): string | null {
  return ORG_IMAGE_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** An accent colour: `#rrggbb` that white text reads on at 4.5:1. */
export const accentColourSchema = z
  .string({ error: VALIDATION_KEYS.COLOUR_VALIDATE })
  .regex(HEX_COLOUR_PATTERN, { error: VALIDATION_KEYS.COLOUR_VALIDATE, abort: true })
  .refine(isReadableAccent, { error: VALIDATION_KEYS.ACCENT_CONTRAST_VALIDATE });

/**
 * The organisation's brand on the candidate side: its logo (empty: none), its accent colour
 * (null: Candid's own) and whether Candid's mark shows in the candidate pages' header.
 */
export const orgBrandSchema = z.object({
  logoUrl: z.string(),
  accentColor: z.string().nullable(),
  showVendorMark: z.boolean(),
});
export type OrgBrand = z.infer<typeof orgBrandSchema>;

/** What an organisation shows until its owner sets a brand. */
export const DEFAULT_ORG_BRAND: OrgBrand = { logoUrl: '', accentColor: null, showVendorMark: true };

/** `PUT org/brand`: the owner's whole brand at once. */
export const updateOrgBrandBodySchema = z
  .object({
    logoUrl: z
      .string({ error: VALIDATION_KEYS.INVALID_VALUE })
      .refine((url) => url === '' || ORG_IMAGE_URL_PATTERN.test(url), {
        error: VALIDATION_KEYS.INVALID_VALUE,
      }),
    accentColor: accentColourSchema.nullable(),
    showVendorMark: z.boolean({ error: VALIDATION_KEYS.INVALID_VALUE }),
  })
  .strict();
export type UpdateOrgBrandBody = z.infer<typeof updateOrgBrandBodySchema>;

/**
 * Only the organisation's owner sets its brand, on every plan: it is what every candidate of
 * the organisation sees. Members read it.
 */
export function canManageBrand(user: { orgRole?: string }): boolean {
  return user.orgRole === 'owner';
}
