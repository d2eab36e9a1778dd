import type { SupportedBrowserName } from '@candid/domain';

/** Where to get (or update) each supported browser. */
export const BROWSER_DOWNLOAD_URLS: Record<SupportedBrowserName, string> = {
  Chrome: 'https://www.google.com/chrome/',
  Firefox: 'https://www.mozilla.org/firefox/new/',
  Safari: 'https://www.apple.com/safari/',
  Edge: 'https://www.microsoft.com/edge/download',
};
