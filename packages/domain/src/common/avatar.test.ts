import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS } from './constants';
import { getAvatarColor, getInitials } from './avatar';

describe('getInitials', () => {
  it.each([
    ['Dana', 'Levi', 'DL'],
    ['dana', 'levi', 'DL'],
    ['Mary Ann', 'Smith', 'MAS'],
    ['Mary Ann', 'Smith Jones', 'MAS'],
    ['  Dana ', '', 'D'],
    ['', 'Levi', 'L'],
    ['', '', ''],
    [null, undefined, ''],
    ['דנה', 'לוי', 'דל'],
  ] as const)('(%j, %j) → %j', (fName, lName, initials) => {
    expect(getInitials(fName, lName)).toBe(initials);
  });

  it('never exceeds 3 letters', () => {
    expect(getInitials('A B C D', 'E F').length).toBe(3);
  });
});

describe('getAvatarColor', () => {
  it('is stable for a seed and one of the palette', () => {
    for (const seed of ['a', 'applicant-1', 'x'.repeat(100), '']) {
      expect(getAvatarColor(seed)).toBe(getAvatarColor(seed));
      expect(AVATAR_COLORS).toContain(getAvatarColor(seed));
    }
  });

  it('spreads seeds over most of the palette', () => {
    const used = new Set(Array.from({ length: 500 }, (_, i) => getAvatarColor(`id-${i}`)));
    expect(used.size).toBeGreaterThanOrEqual(15);
  });
});
