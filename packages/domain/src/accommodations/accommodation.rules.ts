import type { Accommodation } from './accommodation.schemas';

/** What a question's clock runs with, after an approved accommodation. */
export interface QuestionLimits {
  /** One take's (or an unrecorded answer's) limit. */
  limitMs: number;
  /** Thinking time before the first take, or null when the question has none. */
  thinkTimeMs: number | null;
}

/** The extra-time percentage in force: the approved request's, else 0. */
export function approvedExtraTimePct(
  accommodation: Pick<Accommodation, 'status' | 'extraTimePct'> | null,
): number {
  return accommodation?.status === 'approved' ? (accommodation.extraTimePct ?? 0) : 0;
}

/** The extra takes in force on a one-try job: the approved request's, else 0. */
export function approvedExtraRetakes(
  accommodation: Pick<Accommodation, 'status' | 'extraRetakes'> | null,
): number {
  return accommodation?.status === 'approved' ? (accommodation.extraRetakes ?? 0) : 0;
}

/**
 * How many takes of each recorded question a candidate may start: one on a one-try job, plus an
 * approved allowance of extra retakes; null (no limit) on a job with retakes, where a candidate
 * records as often as they like. The server refuses a take beyond it in every upload path; the
 * one-try screen offers Retake while takes remain.
 */
export function maxTakesPerQuestion(
  rule: { isOneTry: boolean },
  accommodation: Pick<Accommodation, 'status' | 'extraRetakes'> | null,
): number | null {
  return rule.isOneTry ? 1 + approvedExtraRetakes(accommodation) : null;
}

/**
 * The retakes still open after `takesStarted` takes of a question (null: unlimited). Zero once
 * the allowance is used: the take being recorded is then the answer.
 */
export function remainingRetakes(
  rule: { isOneTry: boolean },
  accommodation: Pick<Accommodation, 'status' | 'extraRetakes'> | null,
  takesStarted: number,
): number | null {
  const max = maxTakesPerQuestion(rule, accommodation);
  return max === null ? null : Math.max(0, max - Math.max(1, takesStarted));
}

/** Whether one more take of a question may start after `takesStarted` (the server's check). */
export function canStartTake(
  rule: { isOneTry: boolean },
  accommodation: Pick<Accommodation, 'status' | 'extraRetakes'> | null,
  takesStarted: number,
): boolean {
  const max = maxTakesPerQuestion(rule, accommodation);
  return max === null || takesStarted < max;
}

/** Whether a candidate may ask for extra retakes on a job: one-try jobs only. */
export function canAskExtraRetakes(rule: { isOneTry: boolean }): boolean {
  return rule.isOneTry;
}

/**
 * A question's limits with an accommodation applied (pure; the web clock and the server's
 * check use the same rule). Approved extra time lengthens the answer limit of every question,
 * one-try ones included, and its thinking time by the same share: reading a question is part
 * of what the extra time is for. Whole seconds, rounded up, so +50 % of 1 min is 90 s. A
 * pending or declined request changes nothing. The practice question (`rule.hasPractice`) is not
 * a question of the job: it keeps its own 30 s, is never assessed and may be retried at will.
 */
export function applyAccommodation(
  question: { timeLimit: number; thinkTimeSec?: number | null },
  accommodation: Pick<Accommodation, 'status' | 'extraTimePct'> | null,
): QuestionLimits {
  const factor = 1 + approvedExtraTimePct(accommodation) / 100;
  const limitMs = Math.ceil(question.timeLimit * 60 * factor) * 1000;
  const thinkTimeMs = question.thinkTimeSec
    ? Math.ceil(question.thinkTimeSec * factor) * 1000
    : null;
  return { limitMs, thinkTimeMs };
}

/** Slack the server allows on a recording's length over its limit (stopping takes a moment). */
export const RECORDING_LIMIT_GRACE_SEC = 5;

/**
 * Whether a recording of `durationSec` fits the question's limit with the accommodation, as the
 * server checks it when the answer is saved; an unknown length is not held against anyone.
 */
export function fitsTimeLimit(
  durationSec: number | null,
  question: { timeLimit: number },
  accommodation: Pick<Accommodation, 'status' | 'extraTimePct'> | null,
): boolean {
  if (durationSec === null) return true;
  const { limitMs } = applyAccommodation(question, accommodation);
  return durationSec <= limitMs / 1000 + RECORDING_LIMIT_GRACE_SEC;
}

/**
 * Whether a candidate may still ask (or change a pending request): before the first answer,
 * while nothing is submitted or quit, and only until the recruiter decided.
 */
export function canRequestAccommodation(input: {
  accommodation: Pick<Accommodation, 'status'> | null;
  hasStartedAnswering: boolean;
  isFinished: boolean;
}): boolean {
  if (input.hasStartedAnswering || input.isFinished) return false;
  return input.accommodation === null || input.accommodation.status === 'pending';
}
