import { describe, expect, it } from 'vitest';
import { checkBrowserSupport, type BrowserSupport } from './check-browser-support';

const UA = {
  chrome60:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36',
  chrome72:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.121 Safari/537.36',
  chrome120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  safari13Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.3 Safari/605.1.15',
  safari14Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
  iosSafari10:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.0 Mobile/14E277 Safari/602.1',
  iosSafari11:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1',
  iosSafari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  iosFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/13.0 Mobile/15E148 Safari/605.1.15',
  edge18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18363',
  edge120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  firefox51: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:51.0) Gecko/20100101 Firefox/51.0',
  firefox52: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:52.0) Gecko/20100101 Firefox/52.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/13.0 Chrome/83.0.4103.106 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
};

const OK: BrowserSupport = { ok: true };

describe('checkBrowserSupport (minimum browsers)', () => {
  it.each([
    ['Chrome 60', UA.chrome60, { ok: false, reason: 'version', browserName: 'Chrome' }],
    ['Chrome 72 (the minimum)', UA.chrome72, OK],
    ['Chrome 120', UA.chrome120, OK],
    ['headless Chrome (e2e)', UA.headlessChrome, OK],
    ['Chrome on Android', UA.androidChrome, OK],
    [
      'Internet Explorer 11',
      UA.ie11,
      { ok: false, reason: 'browser', browserName: 'Internet Explorer' },
    ],
    ['Safari 13 on macOS', UA.safari13Mac, { ok: false, reason: 'version', browserName: 'Safari' }],
    ['Safari 14 on macOS', UA.safari14Mac, OK],
    ['Safari on iOS 10', UA.iosSafari10, { ok: false, reason: 'version', browserName: 'Safari' }],
    ['Safari on iOS 11', UA.iosSafari11, OK],
    ['Safari on iOS 17', UA.iosSafari17, OK],
    ['Chrome on iOS', UA.iosChrome, OK],
    ['Firefox on iOS', UA.iosFirefox, OK],
    // Legacy Edge is Edge below the Chromium minimum (79): asked to update Edge.
    ['legacy Edge 18', UA.edge18, { ok: false, reason: 'version', browserName: 'Edge' }],
    ['Chromium Edge 120', UA.edge120, OK],
    ['Firefox 51', UA.firefox51, { ok: false, reason: 'version', browserName: 'Firefox' }],
    ['Firefox 52', UA.firefox52, OK],
    [
      'Samsung Internet',
      UA.samsung,
      { ok: false, reason: 'browser', browserName: 'Samsung Internet for Android' },
    ],
    ['Opera', UA.opera, { ok: false, reason: 'browser', browserName: 'Opera' }],
    ['an empty user agent', '', { ok: false, reason: 'browser', browserName: '' }],
  ])('%s', (_label, userAgent, expected) => {
    expect(checkBrowserSupport(userAgent)).toEqual(expected);
  });
});
