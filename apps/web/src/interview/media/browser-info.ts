import Bowser from 'bowser';

/** The browser and OS families the help texts are written for. */
export type HelpBrowser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'other';
export type HelpOs = 'macos' | 'windows' | 'ios' | 'android' | 'other';

export interface BrowserInfo {
  /** bowser's browser name ("Chrome", "Safari", "Microsoft Edge"…). */
  browserName: string;
  osName: string;
  browser: HelpBrowser;
  os: HelpOs;
}

/** Reads the browser and OS from a user agent (bowser). */
export function getBrowserInfo(userAgent: string = navigator.userAgent): BrowserInfo {
  const parser = Bowser.getParser(userAgent);
  const browserName = parser.getBrowserName();
  const osName = parser.getOSName();
  const lowerBrowser = browserName.toLowerCase();
  const browser: HelpBrowser = lowerBrowser.includes('edge')
    ? 'edge'
    : lowerBrowser.includes('chrom')
      ? 'chrome'
      : lowerBrowser.includes('firefox')
        ? 'firefox'
        : lowerBrowser.includes('safari')
          ? 'safari'
          : 'other';
  const lowerOs = osName.toLowerCase();
  const os: HelpOs = lowerOs.includes('mac')
    ? 'macos'
    : lowerOs.includes('windows')
      ? 'windows'
      : lowerOs === 'ios'
        ? 'ios'
        : lowerOs === 'android'
          ? 'android'
          : 'other';
  return { browserName, osName, browser, os };
}
