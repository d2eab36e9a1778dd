/**
 * Minimum browsers in the shape of bowser's `satisfies()` check tree: an OS key
 * (`ios`) takes precedence over the general browser keys, so Chrome, Firefox and Safari on
 * iOS are held to the iOS minimums (11), and elsewhere to chrome 72, safari 14, firefox 52
 * and Chromium Edge 79 (legacy Edge reports 12–18 and fails). `satisfies()` returns
 * undefined for browsers not listed: treat that as unsupported.
 *
 * @example
 * const ok = Bowser.getParser(navigator.userAgent).satisfies(MIN_BROWSER_VERSIONS) === true;
 */
export const MIN_BROWSER_VERSIONS = {
  ios: {
    chrome: '>=11',
    safari: '>=11',
    firefox: '>=11',
  },
  chrome: '>=72',
  safari: '>=14',
  firefox: '>=52',
  edge: '>=79',
} as const satisfies BrowserCheckTree;

/** bowser's check-tree shape: browser name → version range, or OS/platform → nested tree. */
export interface BrowserCheckTree {
  readonly [key: string]: string | BrowserCheckTree;
}

/** Browsers listed on the not-supported page, as bowser names them. */
export const SUPPORTED_BROWSER_NAMES = ['Chrome', 'Firefox', 'Safari', 'Edge'] as const;
export type SupportedBrowserName = (typeof SUPPORTED_BROWSER_NAMES)[number];

/**
 * Browsers the not-supported page lists: all supported ones for an unknown
 * browser, and only the current browser when the problem is its version.
 */
export function getBrowsersToSuggest(
  currentBrowserName: string | null | undefined,
  isVersionProblem: boolean,
): readonly string[] {
  if (isVersionProblem && currentBrowserName) {
    // bowser reports Edge as "Microsoft Edge"; show the short name the page uses.
    return [currentBrowserName === 'Microsoft Edge' ? 'Edge' : currentBrowserName];
  }
  return SUPPORTED_BROWSER_NAMES;
}

/** Apple browsers record mp4; the others webm. */
export function getRecordingContainer(params: {
  osName?: string | null;
  browserName?: string | null;
}): 'mp4' | 'webm' {
  const os = (params.osName ?? '').toLowerCase();
  const browser = (params.browserName ?? '').toLowerCase();
  return os === 'ios' || browser === 'safari' ? 'mp4' : 'webm';
}
