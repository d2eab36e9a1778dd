import { describe, expect, it } from 'vitest';
import {
  browserOfUserAgent,
  conversionRate,
  deviceOfUserAgent,
  durationBucket,
  percentileFromBuckets,
} from './insight.rules';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
};

describe('device and browser of a User-Agent', () => {
  it.each([
    [UA.iphone, 'mobile', 'safari'],
    [UA.androidChrome, 'mobile', 'chrome'],
    [UA.samsungTablet, 'tablet', 'samsung'],
    [UA.windowsEdge, 'desktop', 'edge'],
    [UA.macFirefox, 'desktop', 'firefox'],
    [UA.ipad, 'tablet', 'chrome'],
    ['curl/8.0', 'other', 'other'],
    [undefined, 'other', 'other'],
  ])('%s → %s, %s', (ua, device, browser) => {
    expect(deviceOfUserAgent(ua)).toBe(device);
    expect(browserOfUserAgent(ua)).toBe(browser);
  });
});

describe('duration buckets', () => {
  it.each([
    [0, 0],
    [0.5, 0],
    [1, 1],
    [12, 6],
    [30, 9],
    [1440, 19],
    [100_000, 25],
  ])('%s minutes fall in bucket %s', (minutes, bucket) => {
    expect(durationBucket(minutes)).toBe(bucket);
  });

  it('estimates percentiles inside their bucket, and nothing without durations', () => {
    const counts = Array.from({ length: 26 }, () => 0);
    counts[6] = 1; // 10–15 minutes
    counts[9] = 1; // 30–45 minutes
    expect(percentileFromBuckets(counts, 50)).toBe(15);
    expect(percentileFromBuckets(counts, 90)).toBe(42);
    expect(
      percentileFromBuckets(
        counts.map(() => 0),
        50,
      ),
    ).toBeNull();
    const open = counts.map(() => 0);
    open[25] = 3; // past 30 days: the open bucket answers its lower bound
    expect(percentileFromBuckets(open, 90)).toBe(43200);
  });

  it('rates a conversion, none from nothing', () => {
    expect(conversionRate(4, 1)).toBe(0.25);
    expect(conversionRate(3, 2)).toBe(0.6667);
    expect(conversionRate(0, 0)).toBeNull();
  });
});
