/**
 * Colour arithmetic for an organisation's accent colour: the WCAG 2.2 contrast ratio (relative
 * luminance of sRGB `#rrggbb`), and the ten-shade palette the candidate pages' theme is built
 * from. Pure functions: the server refuses an unreadable accent with the same rule the settings
 * screen shows live.
 */

/** `#rrggbb`, either case. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

/** WCAG 2.2 AA (1.4.3) for text: white labels on the accent, the accent's links on white. */
export const MIN_ACCENT_CONTRAST = 4.5;

const WHITE = '#ffffff';

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance of a `#rrggbb` colour (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The accent's contrast with white (its buttons' labels, the page its links sit on). */
export function accentContrast(hex: string): number {
  return contrastRatio(hex, WHITE);
}

/** Whether an accent colour is well formed and reads at AA against white. */
export function isReadableAccent(hex: string): boolean {
  return HEX_COLOUR_PATTERN.test(hex) && accentContrast(hex) >= MIN_ACCENT_CONTRAST;
}

/**
 * A ratio as the settings screen writes it: two decimals, rounded down, so a colour refused at
 * 4.4999 never reads "4.50".
 */
export function formatContrast(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(hex: string, target: number, amount: number): string {
  return toHex(channels(hex).map((value) => value + (target - value) * amount));
}

/** How much white goes into shades 0–5 and black into shades 7–9 (shade 6 is the accent). */
const TINTS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18] as const;
const SHADES = [0.14, 0.28, 0.42] as const;

/** The index of the accent itself in its palette: the theme's primary shade. */
export const ACCENT_SHADE = 6;

/**
 * Ten shades, lightest first, with the accent itself at {@link ACCENT_SHADE} (the primary
 * shade of the app's theme, so a filled button is exactly the colour the owner chose): lighter
 * ones mixed with white, darker ones with black.
 */
export function accentPalette(hex: string): string[] {
  const accent = hex.toLowerCase();
  return [
    ...TINTS.map((amount) => mix(accent, 255, amount)),
    accent,
    ...SHADES.map((amount) => mix(accent, 0, amount)),
  ];
}
