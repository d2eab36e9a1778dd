import type { ErrorKey } from '@candid/domain';
import { AppError } from '../lib/app-error';

/** A policy's answer: allowed, or the error the caller gets (key, optional detail). */
export type Decision =
  | { allowed: true }
  | {
      allowed: false;
      error: ErrorKey;
      message?: string;
      details?: Record<string, unknown>;
    };

export const ALLOW: Decision = { allowed: true };

export function deny(
  error: ErrorKey,
  extra: { message?: string; details?: Record<string, unknown> } = {},
): Decision {
  return { allowed: false, error, ...extra };
}

export function toError(decision: Exclude<Decision, { allowed: true }>): AppError {
  return new AppError(decision.error, {
    ...(decision.message ? { message: decision.message } : {}),
    ...(decision.details ? { details: decision.details } : {}),
  });
}
