import {
  APPLICANT_STATUS,
  getStatusButtonKey,
  isValidStatusCode,
  type ApplicantStatusCode,
} from '@candid/domain';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StatusApplicant {
  status: number;
  timestamp: { submitted?: string | null; quited?: string | null };
}

/** Badge colour per status: evaluation from neutral to green, recruitment outcomes distinct. */
const STATUS_COLORS: Record<ApplicantStatusCode, string> = {
  [APPLICANT_STATUS.NEED_EVALUATION]: 'blue',
  [APPLICANT_STATUS.NOT_A_FIT]: 'red',
  [APPLICANT_STATUS.MAYBE]: 'yellow',
  [APPLICANT_STATUS.GOOD_FIT]: 'teal',
  [APPLICANT_STATUS.PROCEED]: 'green',
  [APPLICANT_STATUS.OFFER_SENT]: 'indigo',
  [APPLICANT_STATUS.NOT_INTERESTED]: 'orange',
  [APPLICANT_STATUS.HIRED]: 'grape',
};

/**
 * The badge colour that goes with {@link getStatusButtonKey}: the status's colour once submitted,
 * grey for a quit (incomplete) interview, cyan while the interview is still in progress.
 */
export function getStatusColor(applicant: StatusApplicant): string {
  if (applicant.timestamp.submitted) {
    return isValidStatusCode(applicant.status) ? STATUS_COLORS[applicant.status] : 'blue';
  }
  return applicant.timestamp.quited ? 'gray' : 'cyan';
}

/**
 * The applicant's status as a badge, with the text rule: the status label once the
 * interview was submitted, "Incomplete interview" after a quit, otherwise "In progress".
 */
export function StatusBadge({
  applicant,
  ...others
}: { applicant: StatusApplicant } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  const submitted = Boolean(applicant.timestamp.submitted);
  return (
    <Badge
      color={getStatusColor(applicant)}
      variant={submitted ? 'light' : 'outline'}
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { maxWidth: '100%' } }}
      {...others}
    >
      {t(getStatusButtonKey(applicant))}
    </Badge>
  );
}
