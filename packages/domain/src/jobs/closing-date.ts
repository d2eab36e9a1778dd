import type { ValidationKey } from '../validation/validation-keys';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/**
 * A job's optional closing date. After it the invitation link, personal invitation
 * links and the candidate calls that start an interview say the job is closed.
 *
 * Grace rule: starting an interview is refused from the closing time on, so whoever holds a
 * candidate token started before it. Such a candidate may keep answering, uploading and submit
 * for {@link CLOSED_JOB_GRACE_MS} after the closing time (the longest interview, 30 questions of
 * up to 30 minutes, is the outlier; a few hours cover a real one and a slow upload), and no
 * later: from then on their calls are refused with JOB_CLOSED_ERR too.
 */
export const CLOSED_JOB_GRACE_MS = 6 * 60 * 60 * 1000;

/** How long before the closing date the one deadline reminder goes to invited people. */
export const DEADLINE_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

type Instant = string | Date | null | undefined;

function toMs(value: Instant): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** True once a job with a closing date has reached it (a job without one never closes). */
export function isJobClosed(closesAt: Instant, now: Date): boolean {
  const ms = toMs(closesAt);
  return ms !== null && now.getTime() >= ms;
}

/**
 * True while a candidate who already started may still answer, upload and submit: no closing
 * date, or less than {@link CLOSED_JOB_GRACE_MS} past it.
 */
export function acceptsStartedInterview(closesAt: Instant, now: Date): boolean {
  const ms = toMs(closesAt);
  return ms === null || now.getTime() < ms + CLOSED_JOB_GRACE_MS;
}

/**
 * The validation problem of a closing date as saved, or null: none or unchanged is fine (a job
 * that has closed can still be edited), a new or changed one must lie in the future.
 */
export function getClosingDateIssue(
  next: Instant,
  previous: Instant,
  now: Date,
): ValidationKey | null {
  const nextMs = toMs(next);
  if (nextMs === null || nextMs === toMs(previous)) return null;
  return nextMs > now.getTime() ? null : VALIDATION_KEYS.CLOSING_DATE_PAST_VALIDATE;
}

/** When the deadline reminder of a job closing at `closesAt` becomes due. */
export function getDeadlineReminderAt(closesAt: Date): Date {
  return new Date(closesAt.getTime() - DEADLINE_REMINDER_BEFORE_MS);
}
