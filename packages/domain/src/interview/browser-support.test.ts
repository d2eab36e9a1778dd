import { describe, expect, it } from 'vitest';
import {
  getBrowsersToSuggest,
  getRecordingContainer,
  MIN_BROWSER_VERSIONS,
  SUPPORTED_BROWSER_NAMES,
} from './browser-support';

describe('browser support', () => {
  it('minimum versions in bowser satisfies() shape', () => {
    expect(MIN_BROWSER_VERSIONS).toEqual({
      ios: { chrome: '>=11', safari: '>=11', firefox: '>=11' },
      chrome: '>=72',
      safari: '>=14',
      firefox: '>=52',
      edge: '>=79',
    });
  });

  it('lists the supported browsers', () => {
    expect([...SUPPORTED_BROWSER_NAMES]).toEqual(['Chrome', 'Firefox', 'Safari', 'Edge']);
  });

  it.each([
    ['Opera', false, ['Chrome', 'Firefox', 'Safari', 'Edge']],
    [undefined, true, ['Chrome', 'Firefox', 'Safari', 'Edge']],
    ['Firefox', true, ['Firefox']],
    ['Microsoft Edge', true, ['Edge']],
  ] as const)('%s, version problem %s → %j', (browser, isVersion, list) => {
    expect(getBrowsersToSuggest(browser, isVersion)).toEqual(list);
  });

  it.each([
    [{ osName: 'iOS', browserName: 'Chrome' }, 'mp4'],
    [{ osName: 'macOS', browserName: 'Safari' }, 'mp4'],
    [{ osName: 'macOS', browserName: 'Chrome' }, 'webm'],
    [{ osName: 'Windows', browserName: 'Firefox' }, 'webm'],
    [{}, 'webm'],
  ])('%j records %s', (env, container) => {
    expect(getRecordingContainer(env)).toBe(container);
  });
});
