import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLanguageStore } from '../stores/language-store';
import { renderWithProviders } from '../test/render-with-providers';
import { PHONE_QUERY } from '../ui/media-queries';
import { LANGUAGE_STORAGE_KEY } from './languages';
import { LanguageSwitch } from './language-switch';

describe('LanguageSwitch', () => {
  it('switches to Hebrew: texts, <html lang dir> and the stored choice follow', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'עברית' }));

    expect(useLanguageStore.getState().language).toBe('he');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he');
    expect(await screen.findByRole('button', { name: 'שפה: עברית' })).toBeVisible();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'he');
  });

  it('opens from the keyboard, and the focus stays with the menu while its chunk loads', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'עברית' })).toBeVisible();
    expect(document.activeElement).not.toBe(document.body);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus(),
    );
  });

  it('marks the current language in the menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />, { language: 'he' });
    await user.click(screen.getByRole('button', { name: 'שפה: עברית' }));
    expect(await screen.findByRole('menuitem', { name: 'עברית' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'English' })).not.toHaveAttribute('aria-current');
  });

  it('is a bottom sheet on a phone, like the other phone menus', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    try {
      const user = userEvent.setup();
      renderWithProviders(<LanguageSwitch />);
      await user.click(screen.getByRole('button', { name: 'Language: English' }));
      const sheet = await screen.findByTestId('language-sheet');
      expect(sheet).toHaveAttribute('role', 'dialog');
      expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
      const hebrew = screen.getByRole('menuitemradio', { name: 'עברית' });
      expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await user.click(hebrew);
      await waitFor(() => expect(useLanguageStore.getState().language).toBe('he'));
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('he');
    } finally {
      window.matchMedia = original;
    }
  });
});
