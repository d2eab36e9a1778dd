import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { NotSupportedPage } from './not-supported-page';

describe('NotSupportedPage', () => {
  it('lists the four supported browsers for an unsupported browser', () => {
    renderWithProviders(
      <NotSupportedPage
        support={{ ok: false, reason: 'browser', browserName: 'Internet Explorer' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your browser is not supported' })).toBeVisible();
    const items = within(screen.getByRole('list', { name: 'Supported browsers' })).getAllByRole(
      'listitem',
    );
    expect(
      items.map((item) => within(item).getByText(/^(Chrome|Firefox|Safari|Edge)$/).textContent),
    ).toEqual(['Chrome', 'Firefox', 'Safari', 'Edge']);
  });

  it('asks to update only the current browser for a version error', () => {
    renderWithProviders(
      <NotSupportedPage support={{ ok: false, reason: 'version', browserName: 'Safari' }} />,
    );
    expect(
      screen.getByRole('heading', { name: 'Your browser version is not supported' }),
    ).toBeVisible();
    expect(
      screen.getByText('Please update Safari to the latest version and open this page again.'),
    ).toBeVisible();
    const links = within(screen.getByRole('list', { name: 'Supported browsers' })).getAllByRole(
      'link',
    );
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Update Safari');
    expect(links[0]).toHaveAttribute('href', 'https://www.apple.com/safari/');
  });

  it('reads the current browser when no check result is given', () => {
    // jsdom's user agent is not a supported browser.
    renderWithProviders(<NotSupportedPage />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('is translated to Hebrew', () => {
    renderWithProviders(
      <NotSupportedPage support={{ ok: false, reason: 'version', browserName: 'Edge' }} />,
      { language: 'he' },
    );
    expect(screen.getByRole('heading', { name: 'גרסת הדפדפן שלך אינה נתמכת' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'עדכון Edge' })).toBeVisible();
  });
});
