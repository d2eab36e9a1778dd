import { DRAG_ANIMATION_MS } from '@candid/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { PHONE_QUERY } from './media-queries';
import { ResponsiveMenu } from './responsive-menu';

const originalMatchMedia = window.matchMedia;

/** A viewport where only the queries in `matching` apply. */
function mockViewport(matching: string[]) {
  window.matchMedia = (query: string) =>
    ({
      matches: matching.includes(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

function renderMenu(onArchive = vi.fn(), language: 'en' | 'he' = 'en') {
  renderWithProviders(
    <ResponsiveMenu
      title="Frontend engineer"
      target={<button type="button">Actions</button>}
      items={[
        { id: 'edit', label: 'Edit', onClick: vi.fn() },
        { id: 'archive', label: 'Archive', onClick: onArchive },
      ]}
    />,
    { language },
  );
  return onArchive;
}

describe('ResponsiveMenu', () => {
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  describe('on a phone', () => {
    beforeEach(() => {
      mockViewport([PHONE_QUERY]);
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('opens a titled bottom sheet; a choice closes it and acts 200 ms later', async () => {
      const onArchive = renderMenu();
      fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
      const sheet = await screen.findByRole('dialog', { name: 'Frontend engineer' });
      expect(sheet).toHaveAttribute('data-vaul-drawer');
      expect(screen.getByTestId('sheet-handle')).toBeInTheDocument();
      expect(screen.getByRole('menu', { name: 'Frontend engineer' })).toBeInTheDocument();

      fireEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
      expect(onArchive).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DRAG_ANIMATION_MS);
      });
      expect(onArchive).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    });

    it('closes on Escape without choosing', async () => {
      const onArchive = renderMenu();
      fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
      const sheet = await screen.findByRole('dialog', { name: 'Frontend engineer' });
      fireEvent.keyDown(sheet, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DRAG_ANIMATION_MS);
      });
      expect(onArchive).not.toHaveBeenCalled();
    });

    it('is right to left in Hebrew', async () => {
      renderMenu(vi.fn(), 'he');
      fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
      expect(await screen.findByRole('dialog', { name: 'Frontend engineer' })).toHaveAttribute(
        'dir',
        'rtl',
      );
    });
  });

  it('is a dropdown menu on wide screens, acting at once', async () => {
    mockViewport([]);
    const onArchive = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(onArchive).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
