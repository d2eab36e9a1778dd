import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkBrowserSupport } from '../../common/browser/check-browser-support';
import { renderWithProviders } from '../../common/test/render-with-providers';
import { UnsupportedBrowser } from './unsupported-browser';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const FIREFOX_40 = 'Mozilla/5.0 (Windows NT 10.0; rv:40.0) Gecko/20100101 Firefox/40.0';

describe('browser gate', () => {
  it('shows every supported browser to Internet Explorer, with the page title', async () => {
    renderWithProviders(<UnsupportedBrowser support={checkBrowserSupport(IE11)} />);
    expect(
      await screen.findByRole('heading', { name: 'Your browser is not supported' }),
    ).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(document.title).toBe('Candid | Browser not supported'));
  });

  it('asks an old Firefox to update Firefox only', async () => {
    renderWithProviders(<UnsupportedBrowser support={checkBrowserSupport(FIREFOX_40)} />);
    expect(await screen.findByRole('link', { name: 'Update Firefox' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
