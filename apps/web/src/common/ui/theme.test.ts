import { BREAKPOINTS } from '@candid/domain';
import { em } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import postcssConfigSource from '../../../postcss.config.cjs?raw';
import { THEME_BREAKPOINTS } from './theme';

/** The `mantine-breakpoint-*` variables postcss.config.cjs defines. */
const postcssBreakpoints = Object.fromEntries(
  [...postcssConfigSource.matchAll(/'mantine-breakpoint-(\w+)':\s*'([^']+)'/g)].map((m) => [
    m[1],
    m[2],
  ]),
);

describe('breakpoints', () => {
  it('follow the product breakpoints (spec §9)', () => {
    expect(THEME_BREAKPOINTS).toMatchObject({
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
    });
  });

  it('are the same in the PostCSS variables for CSS modules', () => {
    expect(postcssBreakpoints).toEqual(THEME_BREAKPOINTS);
  });
});
