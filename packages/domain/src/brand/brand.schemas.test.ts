import { describe, expect, it } from 'vitest';
import { orgOfImageUrl, updateOrgBrandBodySchema } from './brand.schemas';

const ORG = '0b6f1c5e-2d3a-4f4b-9c1d-7e8f9a0b1c2d';
const LOGO = `/api/files/org/${ORG}/images/${'a1'.repeat(16)}.png`;

describe('updateOrgBrandBodySchema', () => {
  it('takes a brand with a logo, a readable accent and the mark hidden', () => {
    const body = { logoUrl: LOGO, accentColor: '#0f766e', showVendorMark: false };
    expect(updateOrgBrandBodySchema.parse(body)).toEqual(body);
  });

  it('takes no logo and no accent (Candid’s own look)', () => {
    const body = { logoUrl: '', accentColor: null, showVendorMark: true };
    expect(updateOrgBrandBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    ['#ffcc00', 'validation.ACCENT_CONTRAST_VALIDATE'],
    ['#777777', 'validation.ACCENT_CONTRAST_VALIDATE'],
    ['blue', 'validation.COLOUR_VALIDATE'],
    ['#12345', 'validation.COLOUR_VALIDATE'],
  ])('refuses the accent %s with %s', (accentColor, key) => {
    const result = updateOrgBrandBodySchema.safeParse({
      logoUrl: '',
      accentColor,
      showVendorMark: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['accentColor', key],
    ]);
  });

  it.each([
    'https://evil.example/logo.png',
    `/api/files/org/${ORG}/cv/${'a1'.repeat(16)}.png`,
    `${LOGO}?x=1`,
  ])('refuses a logo that is not an uploaded image: %s', (logoUrl) => {
    const result = updateOrgBrandBodySchema.safeParse({
      logoUrl,
      accentColor: null,
      showVendorMark: true,
    });
    expect(result.error?.issues[0]?.path).toEqual(['logoUrl']);
  });

  it('refuses other fields', () => {
    expect(
      updateOrgBrandBodySchema.safeParse({
        logoUrl: '',
        accentColor: null,
        showVendorMark: true,
        orgId: ORG,
      }).success,
    ).toBe(false);
  });
});

describe('orgOfImageUrl', () => {
  it('names the organisation an uploaded image belongs to', () => {
    expect(orgOfImageUrl(LOGO)).toBe(ORG);
    expect(orgOfImageUrl('')).toBeNull();
    expect(orgOfImageUrl('https://example.com/a.png')).toBeNull();
  });
});
