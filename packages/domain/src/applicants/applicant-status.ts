/** Applicant statuses and their groups. */

export const APPLICANT_STATUS = {
  NEED_EVALUATION: 0,
  NOT_A_FIT: 1,
  MAYBE: 2,
  GOOD_FIT: 3,
  PROCEED: 4,
  OFFER_SENT: 5,
  NOT_INTERESTED: 6,
  HIRED: 7,
} as const;
export type ApplicantStatusCode = (typeof APPLICANT_STATUS)[keyof typeof APPLICANT_STATUS];

/** Every status code in order. */
export const APPLICANT_STATUS_CODES = [
  0, 1, 2, 3, 4, 5, 6, 7,
] as const satisfies readonly ApplicantStatusCode[];

/** A new applicant's status. */
export const DEFAULT_APPLICANT_STATUS: ApplicantStatusCode = APPLICANT_STATUS.NEED_EVALUATION;

export type StatusGroupKey = 'evaluation' | 'recruitment';
export interface StatusGroup {
  readonly key: StatusGroupKey;
  readonly labelKey: `statusGroup.${StatusGroupKey}`;
  readonly codes: readonly ApplicantStatusCode[];
}

/** The status dropdown's groups: 0–4 evaluate the candidate, 5–7 track the hiring. */
export const STATUS_GROUPS = [
  { key: 'evaluation', labelKey: 'statusGroup.evaluation', codes: [0, 1, 2, 3, 4] },
  { key: 'recruitment', labelKey: 'statusGroup.recruitment', codes: [5, 6, 7] },
] as const satisfies readonly StatusGroup[];

/** True for an integer status code 0–7. */
export function isValidStatusCode(x: unknown): x is ApplicantStatusCode {
  return typeof x === 'number' && (APPLICANT_STATUS_CODES as readonly number[]).includes(x);
}

/** The group a status belongs to. */
export function getStatusGroup(code: ApplicantStatusCode): StatusGroup {
  const group = STATUS_GROUPS.find((g) => (g.codes as readonly number[]).includes(code));
  // Unreachable for a valid code; the fallback keeps the return type total.
  return group ?? STATUS_GROUPS[0];
}

/** i18n key of a status label, e.g. `status.3`. */
export function statusLabelKey(code: ApplicantStatusCode): `status.${ApplicantStatusCode}` {
  return `status.${code}`;
}

/** i18n keys of the status button when no status label applies. */
export const STATUS_BUTTON_KEYS = {
  incompleteInterview: 'status.incompleteInterview',
  inProgress: 'status.inProgress',
} as const;

/**
 * Text of an applicant's status button. Submitted wins when both timestamps are
 * set: a submitted interview is complete even if the candidate later left the page, and its
 * status is what the recruiter needs to see. Otherwise a quit interview is incomplete, and
 * one neither submitted nor quit is still in progress.
 */
export function getStatusButtonKey(applicant: {
  status: number;
  timestamp: { submitted?: string | null; quited?: string | null };
}): string {
  if (applicant.timestamp.submitted) {
    return isValidStatusCode(applicant.status)
      ? statusLabelKey(applicant.status)
      : statusLabelKey(0);
  }
  if (applicant.timestamp.quited) return STATUS_BUTTON_KEYS.incompleteInterview;
  return STATUS_BUTTON_KEYS.inProgress;
}

/** The status dropdown is enabled only once the applicant submitted, and never in archive view. */
export function canChangeStatus(params: { isSubmitted: boolean; isArchiveView: boolean }): boolean {
  return params.isSubmitted && !params.isArchiveView;
}

/** English status texts. */
export const STATUS_I18N_EN: Record<string, string> = {
  'status.0': 'Need evaluation',
  'status.1': 'Not a fit',
  'status.2': 'Maybe',
  'status.3': 'Good fit',
  'status.4': 'Proceed',
  'status.5': 'Offer sent',
  'status.6': 'Not interested',
  'status.7': 'Hired',
  'statusGroup.evaluation': 'Evaluation',
  'statusGroup.recruitment': 'Recruitment',
  'status.incompleteInterview': 'Incomplete interview',
  'status.inProgress': 'In progress',
};
