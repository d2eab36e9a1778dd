import { contrastRatio } from '@candid/domain';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../common/ui/theme';
import { brandCssVariables, brandStylesheet, usableAccent } from './brand-theme';

const base = mergeMantineTheme(DEFAULT_THEME, theme);

describe('brandCssVariables', () => {
  it('fills controls with the accent itself and keeps text and links readable on white', () => {
    const variables = brandCssVariables(base, '#0f766e');
    expect(variables['--mantine-color-brand-filled']).toBe('#0f766e');
    expect(variables['--mantine-color-brand-6']).toBe('#0f766e');
    expect(variables['--mantine-primary-color-filled']).toBe('var(--mantine-color-brand-filled)');
    for (const token of ['--mantine-color-brand-text', '--mantine-color-anchor']) {
      expect(contrastRatio(variables[token] ?? '', '#ffffff'), token).toBeGreaterThanOrEqual(4.5);
    }
    const hover = variables['--mantine-color-brand-filled-hover'] ?? '';
    expect(contrastRatio(hover, '#ffffff')).toBeGreaterThan(contrastRatio('#0f766e', '#ffffff'));
    // Nothing but the brand's, the primary colour's and the links' variables.
    for (const name of Object.keys(variables)) {
      expect(name).toMatch(
        /^--(mantine-color-brand-|mantine-primary-color-|mantine-color-anchor$|candid-)/,
      );
    }
  });

  it('writes them for the light scheme, outweighing Mantine’s own :root rules', () => {
    expect(brandStylesheet(base, '#1d4ed8')).toContain(
      ':root:root[data-mantine-color-scheme="light"]{',
    );
  });
});

describe('usableAccent', () => {
  it.each([
    ['#0F766E', '#0f766e'],
    ['#ffcc00', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (accent, usable) => {
    expect(usableAccent(accent)).toBe(usable);
  });
});
