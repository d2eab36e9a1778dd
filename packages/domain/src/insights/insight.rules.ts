/**
 * The hiring funnel's rules: which statuses count as a decision, how a candidate's device is
 * told from their browser's User-Agent, and the duration buckets the kept aggregates count in
 * (docs/features.md, "Insights"). The server's triggers (migration `insights`) write the
 * same codes; a change here needs a migration there.
 */

/** Statuses that close the hiring question for an applicant: not a fit, offer sent, not interested, hired. */
export const DECIDED_STATUS_CODES = [1, 5, 6, 7] as const;

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = [
  'invited',
  'opened',
  'started',
  'submitted',
  'reviewed',
  'decided',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const BROWSER_KINDS = ['chrome', 'safari', 'firefox', 'edge', 'samsung', 'other'] as const;
export type BrowserKind = (typeof BROWSER_KINDS)[number];

/**
 * Upper bounds (minutes) of the duration buckets for time to complete and time to first review;
 * the last bucket is open-ended. Percentiles are estimated inside their bucket, so a figure is
 * as precise as its bucket is narrow (a minute under 10 minutes, a day past two days).
 */
export const DURATION_BUCKET_BOUNDS_MIN = [
  1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 7200,
  10080, 20160, 43200,
] as const;

/** Index of the bucket a duration falls in (0 … bounds.length, the last one open-ended). */
export function durationBucket(minutes: number): number {
  const index = DURATION_BUCKET_BOUNDS_MIN.findIndex((bound) => minutes < bound);
  return index === -1 ? DURATION_BUCKET_BOUNDS_MIN.length : index;
}

/**
 * The `p`-th percentile (0–100) of durations counted per bucket, interpolated linearly inside
 * the bucket it falls in; the open last bucket answers its lower bound. Null with no durations.
 */
export function percentileFromBuckets(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = (p / 100) * total;
  let seen = 0;
  for (let index = 0; index < counts.length; index += 1) {
    const n = counts[index] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const low = index === 0 ? 0 : DURATION_BUCKET_BOUNDS_MIN[index - 1]!;
      const high = DURATION_BUCKET_BOUNDS_MIN[index];
      if (high === undefined) return low;
      return Math.round((low + ((rank - seen) / n) * (high - low)) * 10) / 10;
    }
    seen += n;
  }
  return DURATION_BUCKET_BOUNDS_MIN[DURATION_BUCKET_BOUNDS_MIN.length - 1]!;
}

/** The kind of device a User-Agent names (iPadOS desktop-mode Safari reads as desktop). */
export function deviceOfUserAgent(userAgent: string | undefined): DeviceKind {
  const ua = userAgent ?? '';
  if (!ua) return 'other';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/iu.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/iu.test(ua)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/iu.test(ua)) return 'desktop';
  return 'other';
}

/** The browser family a User-Agent names; the order matters, as most name Safari and Chrome too. */
export function browserOfUserAgent(userAgent: string | undefined): BrowserKind {
  const ua = userAgent ?? '';
  if (/Edg(e|A|iOS)?\//u.test(ua)) return 'edge';
  if (/SamsungBrowser\//u.test(ua)) return 'samsung';
  if (/Firefox\/|FxiOS\//u.test(ua)) return 'firefox';
  if (/OPR\/|Opera/u.test(ua)) return 'other';
  if (/Chrome\/|CriOS\/|Chromium\//u.test(ua)) return 'chrome';
  if (/Safari\//u.test(ua) && /Version\//u.test(ua)) return 'safari';
  return 'other';
}

/** A conversion (0–1, to four decimals) of `to` from `from`; null when `from` is 0. */
export function conversionRate(from: number, to: number): number | null {
  if (from <= 0) return null;
  return Math.round((to / from) * 10000) / 10000;
}
