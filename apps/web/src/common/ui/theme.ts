import { BREAKPOINTS } from '@candid/domain';
import { createTheme, em } from '@mantine/core';

/**
 * Mantine's breakpoints follow the product's (spec §9: small 760, medium 1100, large 1460 px);
 * xs and xl frame them. postcss.config.cjs holds the same values for CSS modules.
 */
export const THEME_BREAKPOINTS = {
  xs: em(576),
  sm: em(BREAKPOINTS.sm),
  md: em(BREAKPOINTS.md),
  lg: em(BREAKPOINTS.lg),
  xl: em(1920),
};

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  breakpoints: THEME_BREAKPOINTS,
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans Hebrew", Arial, "Helvetica Neue", sans-serif',
  headings: { fontWeight: '700' },
});
