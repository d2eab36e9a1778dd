import { BREAKPOINTS, contrastRatio } from '@candid/domain';
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  em,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Mantine's breakpoints follow the product's (small 760, medium 1100, large 1460 px);
 * xs and xl frame them. postcss.config.cjs holds the same values for CSS modules.
 */
export const THEME_BREAKPOINTS = {
  xs: em(576),
  sm: em(BREAKPOINTS.sm),
  md: em(BREAKPOINTS.md),
  lg: em(BREAKPOINTS.lg),
  xl: em(1920),
};

/** WCAG 2.2 AA (1.4.3) for body text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** The lightest surfaces text sits on: the page (white) and the grey panels (gray.0). */
const LIGHT_SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0]];
const PRIMARY_SHADE_LIGHT = 6;

/** `rgba(r, g, b, 1)` (what Mantine's darken answers) as `#rrggbb`. */
function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The lightest colour of a palette, from the primary shade on, that every background reads
 * against at AA; when even shade 9 does not (yellow, orange, green, lime), shade 9 darkened
 * just enough.
 */
export function readableShade(palette: MantineColorsTuple, backgrounds: string[]): string {
  const readsOn = (color: string) =>
    backgrounds.every((background) => contrastRatio(color, background) >= MIN_TEXT_CONTRAST);
  const shade = palette.slice(PRIMARY_SHADE_LIGHT).find(readsOn);
  if (shade) return shade;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = toHex(darken(palette[9], amount));
    if (readsOn(darker)) return darker;
  }
  return '#000000';
}

/**
 * Colour tokens that meet WCAG 2.2 AA in the light scheme (the app's only one), set once here
 * so no component needs its own fix: coloured text, filled and outline controls (white label on
 * the colour), the light variant's text on its tint, links, errors and dimmed text. Mantine's
 * defaults use shade 6 (indigo 4.1:1, red 3.1:1, green 2.2:1 on gray.0) and gray.6 for dimmed
 * text (3.2:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const readable = readableShade(palette, LIGHT_SURFACES);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-filled`] = readable;
    light[`--mantine-color-${name}-filled-hover`] = toHex(darken(readable, 0.1));
    light[`--mantine-color-${name}-outline`] = readable;
    // Read against the tint and its hover, which is darker (shade 2 stands for both).
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, [palette[1], palette[2]]);
  }
  const primary = theme.colors[theme.primaryColor];
  if (primary) light['--mantine-color-anchor'] = readableShade(primary, LIGHT_SURFACES);
  light['--mantine-color-error'] = readableShade(theme.colors.red, LIGHT_SURFACES);
  light['--mantine-color-dimmed'] = readableShade(theme.colors.gray, LIGHT_SURFACES);
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE_LIGHT, dark: 5 },
  // No automatic dark label on light colours: the resolver below already darkens every filled
  // colour (yellow, lime, orange too) until a white label reads at 4.5:1, and a dark label on
  // that darkened colour would not (black on yellow's #ad5900 is 4.2:1).
  autoContrast: false,
  defaultRadius: 'md',
  breakpoints: THEME_BREAKPOINTS,
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans Hebrew", Arial, "Helvetica Neue", sans-serif',
  headings: { fontWeight: '700' },
});
