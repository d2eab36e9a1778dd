import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ATTEMPTS,
  signatureHeader,
  signWebhook,
  webhookRetryDelayMs,
} from './webhook-sender';

const SECOND = 1_000;
const HOUR = 60 * 60 * SECOND;
/** The full step after try n, before jitter. */
const STEPS = [
  5 * SECOND,
  30 * SECOND,
  180 * SECOND,
  1_080 * SECOND,
  6_480 * SECOND,
  10 * HOUR,
  10 * HOUR,
];

describe('webhookRetryDelayMs', () => {
  it('waits between half the step and the whole step (equal jitter)', () => {
    STEPS.forEach((step, index) => {
      const attempt = index + 1;
      expect(webhookRetryDelayMs(attempt, () => 0)).toBe(step / 2);
      expect(webhookRetryDelayMs(attempt, () => 1)).toBe(step);
      expect(webhookRetryDelayMs(attempt, () => 0.5)).toBe((step * 3) / 4);
    });
  });

  it('stays within the bounds for any random value, and spreads the waits', () => {
    for (const attempt of [1, 2, 3, 4, 5, 6, 7, 20]) {
      const step = STEPS[Math.min(attempt, STEPS.length) - 1]!;
      const waits = Array.from({ length: 200 }, () => webhookRetryDelayMs(attempt));
      for (const wait of waits) {
        expect(wait).toBeGreaterThanOrEqual(step / 2);
        expect(wait).toBeLessThanOrEqual(step);
      }
      expect(new Set(waits).size).toBeGreaterThan(1);
    }
    // A bad source of randomness cannot push a wait out of bounds.
    expect(webhookRetryDelayMs(1, () => 7)).toBe(5 * SECOND);
    expect(webhookRetryDelayMs(1, () => -1)).toBe(2.5 * SECOND);
  });

  it('grows the step, never past 10 h, and gives up within a day', () => {
    for (let attempt = 2; attempt < 12; attempt += 1) {
      expect(webhookRetryDelayMs(attempt, () => 1)).toBeGreaterThanOrEqual(
        webhookRetryDelayMs(attempt - 1, () => 1),
      );
      expect(webhookRetryDelayMs(attempt, () => 1)).toBeLessThanOrEqual(10 * HOUR);
    }
    let longest = 0;
    let shortest = 0;
    for (let attempt = 1; attempt < MAX_WEBHOOK_ATTEMPTS; attempt += 1) {
      longest += webhookRetryDelayMs(attempt, () => 1);
      shortest += webhookRetryDelayMs(attempt, () => 0);
    }
    expect(longest).toBeLessThanOrEqual(24 * HOUR);
    expect(shortest).toBeGreaterThanOrEqual(10 * HOUR);
  });
});

describe('signatureHeader', () => {
  const current = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
  const previous = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
  const now = new Date('2026-01-01T12:00:00Z');

  it('signs with the old secret too until it expires', () => {
    const endpoint = {
      secret: current,
      previousSecret: previous,
      previousSecretExpiresAt: new Date(now.getTime() + 1),
    };
    expect(signatureHeader(endpoint, 'msg_1', 1, '{}', now)).toBe(
      `${signWebhook(current, 'msg_1', 1, '{}')} ${signWebhook(previous, 'msg_1', 1, '{}')}`,
    );
    expect(
      signatureHeader({ ...endpoint, previousSecretExpiresAt: now }, 'msg_1', 1, '{}', now),
    ).toBe(signWebhook(current, 'msg_1', 1, '{}'));
    expect(
      signatureHeader(
        { secret: current, previousSecret: null, previousSecretExpiresAt: null },
        'msg_1',
        1,
        '{}',
        now,
      ),
    ).toBe(signWebhook(current, 'msg_1', 1, '{}'));
  });
});
