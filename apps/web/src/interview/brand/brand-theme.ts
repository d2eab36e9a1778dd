import { ACCENT_SHADE, accentPalette, isReadableAccent } from '@candid/domain';
import {
  convertCssVariables,
  darken,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import { cssVariablesResolver } from '../../common/ui/theme';

/** The name of the organisation's colour in the candidate area's theme. */
export const BRAND_COLOR = 'brand';

/** The accent a candidate page wears: a readable `#rrggbb`, else null (Candid's own indigo). */
export function usableAccent(accent: string | null | undefined): string | null {
  return accent && isReadableAccent(accent) ? accent.toLowerCase() : null;
}

/** The theme override of the candidate area: the accent's palette as its primary colour. */
export function brandThemeOverride(accent: string): MantineThemeOverride {
  return {
    primaryColor: BRAND_COLOR,
    colors: { [BRAND_COLOR]: accentPalette(accent) as unknown as MantineColorsTuple },
  };
}

/** `rgba(r, g, b, 1)` (what Mantine's darken answers) as `#rrggbb`. */
function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

const BRAND_VARIABLE = new RegExp(
  `^--mantine-(color-${BRAND_COLOR}-|primary-color-|color-anchor$)|^--candid-`,
);

/**
 * The CSS variables the accent needs, as Mantine and the app's own resolver make them for the
 * theme with the accent as its primary colour (shades, filled, light, outline, text, the primary
 * colour's aliases, links), with two exceptions: a filled control is the accent itself (white
 * reads on it at 4.5:1, checked when it was saved), not a darker shade picked for grey panels,
 * and the invitation's cover runs from the accent to a lighter tint of it instead of to cyan.
 */
export function brandCssVariables(base: MantineTheme, accent: string): Record<string, string> {
  const theme = mergeMantineTheme(base, brandThemeOverride(accent));
  const mantine = defaultCssVariablesResolver(theme);
  const app = cssVariablesResolver(theme);
  const all: Record<string, string> = {
    ...mantine.variables,
    ...mantine.light,
    ...app.variables,
    ...app.light,
  };
  const palette = theme.colors[BRAND_COLOR]!;
  const picked = Object.fromEntries(
    Object.entries(all).filter(([name]) => BRAND_VARIABLE.test(name)),
  );
  return {
    ...picked,
    [`--mantine-color-${BRAND_COLOR}-filled`]: palette[ACCENT_SHADE],
    [`--mantine-color-${BRAND_COLOR}-filled-hover`]: toHex(darken(palette[ACCENT_SHADE], 0.1)),
    '--candid-cover-end': palette[3],
  };
}

/**
 * The stylesheet that puts the accent on the whole document while a candidate page is open
 * (dialogs and menus render outside the page's own elements): `:root:root` outweighs the
 * `:root` rules of Mantine's own stylesheet, whichever comes first in the document.
 */
export function brandStylesheet(base: MantineTheme, accent: string): string {
  const light = brandCssVariables(base, accent);
  return convertCssVariables({ variables: {}, dark: {}, light }, ':root:root');
}
