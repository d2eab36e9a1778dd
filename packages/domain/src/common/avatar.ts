import { AVATAR_COLORS, MAX_INITIALS } from './constants';

/**
 * Up to {@link MAX_INITIALS} upper-case initials: one per word of the first and last name,
 * so "Mary Ann Smith" gives "MAS". Empty names give an empty string.
 */
export function getInitials(fName: string | null | undefined, lName?: string | null): string {
  const words = `${fName ?? ''} ${lName ?? ''}`.trim().split(/\s+/u).filter(Boolean);
  return words
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .slice(0, MAX_INITIALS)
    .toLocaleUpperCase();
}

/**
 * A background colour that stays the same for the same seed (e.g. an applicant id), so a
 * person keeps their colour across lists and reloads.
 */
export function getAvatarColor(seed: string): (typeof AVATAR_COLORS)[number] {
  // djb2: cheap, stable across runtimes, spreads short ids well enough for 18 buckets.
  let hash = 5381;
  for (let i = 0; i < seed.length; i += 1) {
    hash = ((hash << 5) + hash + seed.charCodeAt(i)) | 0;
  }
  const index = Math.abs(hash) % AVATAR_COLORS.length;
  return AVATAR_COLORS[index] ?? AVATAR_COLORS[0];
}
