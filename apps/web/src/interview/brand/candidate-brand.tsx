import { MantineThemeProvider, useMantineTheme } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { brandStylesheet, brandThemeOverride, usableAccent } from './brand-theme';

/**
 * The candidate area in the organisation's accent: its palette is the primary colour of every
 * component inside (a theme override), and its CSS variables are on the document while the page
 * is open (gone with it, so the back office keeps Candid's look). No accent: Candid's own.
 */
export function CandidateBrand({
  accentColor,
  children,
}: {
  accentColor: string | null | undefined;
  children: ReactNode;
}) {
  const base = useMantineTheme();
  const accent = usableAccent(accentColor);
  const branded = useMemo(
    () =>
      accent ? { override: brandThemeOverride(accent), css: brandStylesheet(base, accent) } : null,
    [accent, base],
  );
  if (!branded) return children;
  return (
    <MantineThemeProvider theme={branded.override}>
      <style data-candid-brand="">{branded.css}</style>
      {children}
    </MantineThemeProvider>
  );
}
