import { describe, expect, it } from 'vitest';
import {
  createShareLinkBodySchema,
  isShareToken,
  shareLinkClosedReason,
  shareLinkExpiry,
} from './share-link.schemas';

describe('share links', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('expires a link the chosen number of days later', () => {
    expect(shareLinkExpiry(now, 7).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it.each([
    [{ expiresAt: '2026-03-08T10:00:00.000Z', revokedAt: null }, null],
    [{ expiresAt: '2026-03-01T10:00:00.000Z', revokedAt: null }, 'expired'],
    [{ expiresAt: '2026-03-08T10:00:00.000Z', revokedAt: '2026-03-01T09:00:00.000Z' }, 'revoked'],
    [{ expiresAt: '2026-02-01T10:00:00.000Z', revokedAt: '2026-01-30T09:00:00.000Z' }, 'revoked'],
  ] as const)('%j is %s at the moment', (link, reason) => {
    expect(shareLinkClosedReason(link, now)).toBe(reason);
  });

  it('tells a share token by its shape', () => {
    expect(isShareToken(`shr_${'a'.repeat(43)}`)).toBe(true);
    expect(isShareToken(`shr_${'a'.repeat(42)}`)).toBe(false);
    expect(isShareToken(`cnd_${'a'.repeat(43)}`)).toBe(false);
    expect(isShareToken(undefined)).toBe(false);
  });

  it('takes 3, 7 or 30 days (7 by default), a guest name and an optional email', () => {
    const parsed = createShareLinkBodySchema.parse({
      applicantIds: ['a1'],
      guestName: '  Hana ',
      guestEmail: 'Hana@Example.COM',
    });
    expect(parsed).toMatchObject({
      guestName: 'Hana',
      guestEmail: 'hana@example.com',
      expiresInDays: 7,
    });
    for (const bad of [
      { applicantIds: ['a1'], guestName: 'Hana', expiresInDays: 14 },
      { applicantIds: [], guestName: 'Hana' },
      { applicantIds: ['a1'], guestName: '   ' },
      { applicantIds: ['a1'], guestName: 'x'.repeat(81) },
      { applicantIds: Array.from({ length: 21 }, (_, i) => `a${i}`), guestName: 'Hana' },
      { applicantIds: ['a1'], guestName: 'Hana', extra: true },
    ]) {
      expect(createShareLinkBodySchema.safeParse(bad).success).toBe(false);
    }
  });
});
