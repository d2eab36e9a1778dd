/**
 * Plain user agents of the supported browsers, nothing appended or inserted: another brand
 * (Edge, Opera, Samsung Internet, a WebView...) adds a token and so never matches here. A
 * phone's model name in the platform part may hold its own parentheses ("moto g power (2022)").
 */
const CHROME =
  /^Mozilla\/5\.0 \((?:[^()]|\([^()]*\))*\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) (?:Headless)?Chrome\/(\d+)\.[\d.]+ (?:Mobile )?Safari\/537\.36$/;
const FIREFOX =
  /^Mozilla\/5\.0 \((?![^()]*(?:iPhone|iPad|iPod))[^()]*; rv:[\d.]+\) Gecko\/[\d.]+ Firefox\/(\d+)\.[\d.]+$/;
const SAFARI =
  /^Mozilla\/5\.0 \((Macintosh|iPhone|iPad)[^()]*\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\) Version\/(\d+)(?:\.\d+)* (?:Mobile\/\w+ )?Safari\/[\d.]+$/;

/** Same minimums as the domain's MIN_BROWSER_VERSIONS. */
const MIN_CHROME = 72;
const MIN_FIREFOX = 52;
const MIN_SAFARI_MAC = 14;
const MIN_SAFARI_IOS = 11;

/**
 * The browser gate's fast path: true only for a user agent that the full check
 * (check-browser-support.ts, with Bowser) certainly accepts: plain Chrome, Firefox or Safari at
 * or above the minimum version. Anything else, false included, is decided by the full check,
 * which the app then loads; so the common case costs no parser on the critical path.
 */
export function isClearlySupported(userAgent: string): boolean {
  const chrome = CHROME.exec(userAgent);
  if (chrome) return Number(chrome[1]) >= MIN_CHROME;
  const firefox = FIREFOX.exec(userAgent);
  if (firefox) return Number(firefox[1]) >= MIN_FIREFOX;
  const safari = SAFARI.exec(userAgent);
  if (safari) {
    const min = safari[1] === 'Macintosh' ? MIN_SAFARI_MAC : MIN_SAFARI_IOS;
    return Number(safari[2]) >= min;
  }
  return false;
}
