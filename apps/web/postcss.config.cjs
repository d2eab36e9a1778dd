/**
 * Mantine's PostCSS preset (rtl/ltr mixins, rem/em functions, light/dark mixins) and the breakpoint
 * variables for `@media (max-width: $mantine-breakpoint-sm)` in CSS modules. The values mirror
 * BREAKPOINTS from @candid/domain in em; src/common/ui/theme.test.ts fails if they drift.
 */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '47.5em',
        'mantine-breakpoint-md': '68.75em',
        'mantine-breakpoint-lg': '91.25em',
        'mantine-breakpoint-xl': '120em',
      },
    },
  },
};
