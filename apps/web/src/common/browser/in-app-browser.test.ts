import { describe, expect, it } from 'vitest';
import { androidChromeIntent, detectInAppBrowser, getMobileSystem } from './in-app-browser';
import { checkSupport } from './browser-gate';
import { checkBrowserSupport } from './check-browser-support';

/** User agents as the apps send them (collected from public UA lists). */
const AGENTS = {
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.34.109;FBBV/543538231;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBSS/3;FBID/phone;FBLC/he_IL;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.33.113;]',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.18.111 (iPhone14,2; iOS 17_0; he_IL; he; scale=3.00; 1170x2532; 534289522)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S908B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 480dpi; 1080x2131; samsung; SM-S908B; b0q; qcom; en_US; 541635863)',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/440.0.0.31.106;FBBV/545164245;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/0]',
  messengerAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.80 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/431.0.0.12.108;]',
  linkedin:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.1',
  linkedinAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 [LinkedInApp]/4.1.878',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/he Region/IL FalconTag/1F2B3C4D',
  // The Gmail app on Android opens links in its own web view, which names no app: generic.
  gmailAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36',
  tiktok:
    'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.0.0 Mobile Safari/537.36 trill_310804 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/31.8.4 ByteLocale/he',
  whatsappAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A546E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 WhatsApp/2.23.24.76',
  gmailIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Gmail/6.0.231105',
  googleApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/288.0.576558888 Mobile/15E148 Safari/604.1',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36',
  iosWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.193 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefoxDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
} as const;

describe('detectInAppBrowser', () => {
  it.each([
    ['facebookIos', 'facebook'],
    ['facebookAndroid', 'facebook'],
    ['instagram', 'instagram'],
    ['instagramAndroid', 'instagram'],
    ['messengerIos', 'messenger'],
    ['messengerAndroid', 'messenger'],
    ['linkedin', 'linkedin'],
    ['linkedinAndroid', 'linkedin'],
    ['tiktok', 'tiktok'],
    ['tiktokIos', 'tiktok'],
    ['gmailAndroid', 'webview'],
    ['whatsappAndroid', 'whatsapp'],
    ['gmailIos', 'gmail'],
    ['googleApp', 'google'],
    ['androidWebView', 'webview'],
    ['iosWebView', 'webview'],
  ] as const)('recognises %s as %s', (agent, app) => {
    expect(detectInAppBrowser(AGENTS[agent])).toBe(app);
  });

  it.each([
    'safariIos',
    'chromeIos',
    'chromeAndroid',
    'samsung',
    'chromeDesktop',
    'firefoxDesktop',
  ] as const)('leaves the real browser %s alone', (agent) => {
    expect(detectInAppBrowser(AGENTS[agent])).toBeNull();
  });
});

describe('the browser gate and in-app browsers', () => {
  const inApp = Object.entries(AGENTS).filter(([, agent]) => detectInAppBrowser(agent) !== null);

  it.each(inApp)('lets %s reach the invitation and its hand-off', async (_, agent) => {
    await expect(checkSupport(agent, '/interview/job1')).resolves.toEqual({ ok: true });
    await expect(checkSupport(agent, '/interview/job1/inprogress')).resolves.toEqual({ ok: true });
  });

  it('recognises the app before the version check, which refuses an iOS web view', async () => {
    expect(checkBrowserSupport(AGENTS.instagram).ok).toBe(false);
    expect(checkBrowserSupport(AGENTS.tiktokIos).ok).toBe(false);
    // The back office keeps the gate: a recruiter's page is not a candidate's hand-off.
    expect((await checkSupport(AGENTS.instagram, '/backoffice/job')).ok).toBe(false);
  });

  it.each([
    ['instagram', 'ios'],
    ['tiktokIos', 'ios'],
    ['instagramAndroid', 'android'],
    ['messengerAndroid', 'android'],
    ['chromeDesktop', null],
  ] as const)('%s runs on %s', (agent, system) => {
    expect(getMobileSystem(AGENTS[agent])).toBe(system);
  });
});

describe('androidChromeIntent', () => {
  it('opens the same address, query included, in Chrome, with the page itself as fallback', () => {
    const url = 'https://candid.example/interview/abc?invite=t0k&lng=he';
    expect(androidChromeIntent(url)).toBe(
      `intent://candid.example/interview/abc?invite=t0k&lng=he#Intent;scheme=https;package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(url)};end`,
    );
  });

  it('refuses anything but http(s)', () => {
    expect(androidChromeIntent('javascript:alert(1)')).toBeNull();
    expect(androidChromeIntent('not a url')).toBeNull();
  });
});
