import type { BrowserSupport } from './check-browser-support';
import { detectInAppBrowser } from './in-app-browser';
import { isClearlySupported } from './is-clearly-supported';

/** A candidate's page: the invitation, the interview and its later steps. */
function isCandidatePath(pathname: string): boolean {
  return /^\/(?:interview|embed)\//u.test(pathname);
}

/**
 * The browser gate, run before routing: an unsupported browser sees the not-supported page
 * whatever the address, which stays as it was so a candidate can copy the link elsewhere. A plain
 * current Chrome, Firefox or Safari passes at once; only other browsers load the full check.
 * An app's built-in browser (Instagram, Facebook, Messenger, LinkedIn, TikTok, Gmail, a web view)
 * on a candidate's page is recognised first: the invitation then offers the hand-off (open in
 * Safari or Chrome, copy the link, the QR code for another device) instead of "not supported",
 * which on iOS every such browser would get (its user agent names no browser).
 */
export async function checkSupport(userAgent: string, pathname: string): Promise<BrowserSupport> {
  if (isClearlySupported(userAgent)) return { ok: true };
  if (detectInAppBrowser(userAgent) && isCandidatePath(pathname)) return { ok: true };
  const { checkBrowserSupport } = await import('./check-browser-support');
  return checkBrowserSupport(userAgent);
}
