/**
 * In-app browsers (the web views of social and mail apps) that cannot record an interview
 * reliably: camera and microphone prompts are missing or denied, MediaRecorder is absent or
 * stops when the app goes to the background, and a reload loses the page. Recognised from the
 * user agent the app adds its name to, or from the web-view markers Android and iOS leave.
 */
export type InAppBrowser =
  | 'messenger'
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'tiktok'
  | 'whatsapp'
  | 'gmail'
  | 'google'
  | 'snapchat'
  | 'twitter'
  | 'wechat'
  | 'line'
  | 'webview';

/**
 * App name tokens, most specific first (Instagram's web view also says FBAN on some builds;
 * Messenger's says FBAN/FB_IAB with its own name: MessengerForiOS, MessengerLiteForiOS, Orca).
 */
const APP_PATTERNS: readonly (readonly [InAppBrowser, RegExp])[] = [
  ['instagram', /\bInstagram\b/iu],
  ['messenger', /\bFB(?:AN|_IAB)\/(?:Messenger\w*|Orca-Android)/u],
  ['facebook', /\bFB(?:AN|AV|IOS|_IAB|4A)\b|\[FB/u],
  ['linkedin', /\bLinkedInApp\b/iu],
  // TikTok's iOS build writes its version after an underscore ("musical_ly_33.1.0").
  ['tiktok', /\b(?:musical_ly|trill)(?:_\d|\b)|\bBytedanceWebview\b|\bTikTok\b/iu],
  ['whatsapp', /\bWhatsApp\b/iu],
  ['gmail', /\bGmail\b/iu],
  ['google', /\bGSA\/\d/u],
  ['snapchat', /\bSnapchat\b/iu],
  ['twitter', /\bTwitter(?:Android)?\b/iu],
  ['wechat', /\bMicroMessenger\b/iu],
  ['line', /\bLine\/\d/u],
];

/** The phone system of a user agent: where the hand-off says "Safari" or "Chrome". */
export function getMobileSystem(userAgent: string): 'ios' | 'android' | null {
  if (/\bAndroid\b/u.test(userAgent)) return 'android';
  if (/\b(?:iPhone|iPad|iPod)\b/u.test(userAgent)) return 'ios';
  return null;
}

/** The in-app browser `userAgent` belongs to, or null for a real browser. */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  for (const [app, pattern] of APP_PATTERNS) {
    if (pattern.test(userAgent)) return app;
  }
  // Android's WebView marks itself "; wv)"; an iOS WKWebView has no "Safari/" token (every iOS
  // browser, Chrome and Firefox included, keeps it).
  if (/Android.*;\s?wv\)/u.test(userAgent)) return 'webview';
  if (/\b(?:iPhone|iPad|iPod)\b/u.test(userAgent) && /AppleWebKit/u.test(userAgent)) {
    if (!/\bSafari\//u.test(userAgent)) return 'webview';
  }
  return null;
}

/** The app's own name, as people know it (not translated). */
export const IN_APP_BROWSER_NAMES: Record<InAppBrowser, string | null> = {
  messenger: 'Messenger',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  gmail: 'Gmail',
  google: 'Google',
  snapchat: 'Snapchat',
  twitter: 'X',
  wechat: 'WeChat',
  line: 'LINE',
  webview: null,
};

/**
 * An address that asks Android to open `url` in Chrome (an intent link, which in-app browsers
 * hand to the system); null for anything but an http(s) address.
 */
export function androidChromeIntent(url: string): string | null {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  const scheme = parsed.protocol.slice(0, -1);
  const fallback = encodeURIComponent(url);
  return `intent://${parsed.host}${parsed.pathname}${parsed.search}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${fallback};end`;
}
