import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { APPLICANT_STATUS, type ApplicantStatusCode } from './applicant-status';

/**
 * Data retention and candidates' data requests. Per organisation, an optional period
 * after which archived or rejected applicants are deleted with their files; off by default.
 */

/** The periods the owner can choose, in months. */
export const RETENTION_MONTH_OPTIONS = [3, 6, 12, 24] as const;
export type RetentionMonths = (typeof RETENTION_MONTH_OPTIONS)[number];

/** The statuses that count as rejected: "not a fit" and "not interested". */
export const REJECTED_STATUS_CODES: readonly ApplicantStatusCode[] = [
  APPLICANT_STATUS.NOT_A_FIT,
  APPLICANT_STATUS.NOT_INTERESTED,
];

/** How many due applicants the dry-run list shows (the count covers them all). */
export const RETENTION_PREVIEW_LIMIT = 200;

/** The subject of the retention rules: who decides the organisation's period. */
export interface RetentionSubject {
  orgRole?: string | null;
}

/**
 * Only the organisation's owner sets the retention period: it deletes everyone's applicants for
 * good, on every plan (privacy law does not depend on the plan).
 */
export function canManageRetention(user: RetentionSubject): boolean {
  return user.orgRole === 'owner';
}

/** Whether an applicant falls under the retention rule at all: archived, or rejected. */
export function isRetentionCandidate(applicant: {
  status: number;
  archivedAt: Date | string | null;
}): boolean {
  return (
    applicant.archivedAt !== null ||
    (REJECTED_STATUS_CODES as readonly number[]).includes(applicant.status)
  );
}

/**
 * When an applicant's retention clock started: the archive date for an archived applicant, the
 * last update otherwise (a rejection is a status change, which updates the applicant; any later
 * change, such as a note or a CV, starts the clock again, which only ever keeps data longer).
 */
export function retentionClockStart(applicant: { archivedAt: Date | null; updatedAt: Date }): Date {
  return applicant.archivedAt ?? applicant.updatedAt;
}

/**
 * The instant before which a clock start is due: `months` calendar months before `now` (UTC;
 * the 31st of a shorter month clamps to its last day).
 */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0),
  ).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** Whether an applicant is due for deletion at `now` under a period of `months`. */
export function isRetentionDue(
  applicant: { status: number; archivedAt: Date | null; updatedAt: Date },
  now: Date,
  months: number,
): boolean {
  return (
    isRetentionCandidate(applicant) &&
    retentionClockStart(applicant).getTime() < retentionCutoff(now, months).getTime()
  );
}

const retentionMonthsValueSchema = z
  .number({ error: VALIDATION_KEYS.INVALID_VALUE })
  .int({ error: VALIDATION_KEYS.INVALID_VALUE })
  .refine((value) => (RETENTION_MONTH_OPTIONS as readonly number[]).includes(value), {
    error: VALIDATION_KEYS.INVALID_VALUE,
  });

/** The organisation's period; null: off (nothing is deleted by age). */
export const retentionSettingsSchema = z.object({
  retentionMonths: retentionMonthsValueSchema.nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** `PUT org/retention`: the owner's choice. */
export const updateRetentionBodySchema = z
  .object({ retentionMonths: retentionMonthsValueSchema.nullable() })
  .strict();
export type UpdateRetentionBody = z.infer<typeof updateRetentionBodySchema>;

/** `GET org/retention/preview?months=`: the dry run of a period. */
export const retentionPreviewQuerySchema = z.object({
  months: z.coerce
    .number({ error: VALIDATION_KEYS.INVALID_VALUE })
    .pipe(retentionMonthsValueSchema),
});

/** One applicant the period would delete now. */
export const retentionPreviewItemSchema = z.object({
  id: idSchema,
  fName: z.string(),
  lName: z.string(),
  jobId: idSchema,
  jobTitle: z.string(),
  status: z.number().int(),
  archivedAt: isoDateSchema.nullable(),
  /** When the retention clock started (see {@link retentionClockStart}). */
  since: isoDateSchema,
});
export type RetentionPreviewItem = z.infer<typeof retentionPreviewItemSchema>;

export const retentionPreviewSchema = z.object({
  months: z.number().int(),
  /** Applicants whose clock started before this instant are deleted. */
  cutoff: isoDateSchema,
  /** How many would be deleted now (all of them, not only those listed). */
  count: z.number().int().min(0),
  /** The longest-kept first, at most {@link RETENTION_PREVIEW_LIMIT}. */
  applicants: z.array(retentionPreviewItemSchema),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** `DELETE job/{jobId}/{applicantId}/data`: a candidate's deletion request, answered now. */
export const deleteApplicantResponseSchema = z.object({ deletedCount: z.number().int().min(0) });
export type DeleteApplicantResponse = z.infer<typeof deleteApplicantResponseSchema>;

/** The name of one applicant's export archive (no personal data in it: only the ids). */
export function applicantExportFileName(applicantId: string, date: Date): string {
  return `applicant-${applicantId}-${date.toISOString().slice(0, 10)}.zip`;
}
