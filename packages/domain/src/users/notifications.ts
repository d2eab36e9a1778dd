import { z } from 'zod';

/**
 * Which submitted interviews a recruiter hears about by e-mail (notifications):
 * those of the jobs they own (the default), every job of the organisation (a member who opts
 * in), or none.
 */
export const SUBMISSION_EMAIL_SCOPES = ['mine', 'all', 'off'] as const;
export type SubmissionEmailScope = (typeof SUBMISSION_EMAIL_SCOPES)[number];

/** How: one e-mail per submitted interview, or one daily digest of them. */
export const SUBMISSION_EMAIL_MODES = ['each', 'digest'] as const;
export type SubmissionEmailMode = (typeof SUBMISSION_EMAIL_MODES)[number];

/** The time between two digests of one recruiter. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Interviews a digest lists by name; more are counted ("and 12 more"). */
export const DIGEST_MAX_LISTED = 20;

export const notificationPrefsSchema = z.object({
  scope: z.enum(SUBMISSION_EMAIL_SCOPES),
  mode: z.enum(SUBMISSION_EMAIL_MODES),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { scope: 'mine', mode: 'each' };

/** Whether a recruiter with `prefs` hears about a submission to a job (theirs or a colleague's). */
export function wantsSubmissionEmail(prefs: NotificationPrefs, isJobOwner: boolean): boolean {
  if (prefs.scope === 'off') return false;
  return prefs.scope === 'all' || isJobOwner;
}
