import {
  MIN_BROWSER_VERSIONS,
  SUPPORTED_BROWSER_NAMES,
  type SupportedBrowserName,
} from '@candid/domain';
import Bowser from 'bowser';

export type BrowserSupport =
  | { ok: true }
  /** `browser`: not one of the supported browsers; `version`: a supported browser, too old. */
  | { ok: false; reason: 'browser'; browserName: string }
  | { ok: false; reason: 'version'; browserName: SupportedBrowserName };

/**
 * Whether the product runs in this browser (minimum versions). An unknown or
 * unsupported browser gives `browser` (show every supported browser); a supported browser
 * below its minimum version gives `version` (ask to update that browser).
 */
export function checkBrowserSupport(userAgent: string): BrowserSupport {
  if (!userAgent.trim()) return { ok: false, reason: 'browser', browserName: '' };
  const parser = Bowser.getParser(userAgent);
  // true: meets its minimum; false: a listed browser below it; undefined: no rule for this browser.
  const satisfied = parser.satisfies(MIN_BROWSER_VERSIONS);
  if (satisfied === true) return { ok: true };
  // Bowser matches aliases, so 'Edge' finds "Microsoft Edge" and 'Chrome' finds Chrome on iOS.
  const supportedName = SUPPORTED_BROWSER_NAMES.find((name) => parser.isBrowser(name, true));
  if (satisfied === false && supportedName) {
    return { ok: false, reason: 'version', browserName: supportedName };
  }
  return { ok: false, reason: 'browser', browserName: parser.getBrowserName() };
}
