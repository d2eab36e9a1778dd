import type { ApplicantSummary } from '@candid/domain';
import { Trans, useTranslation } from 'react-i18next';
import { CAPPED_COUNT_COMPONENTS, cappedCountLabel } from '../../../common/ui/capped-count';

/**
 * A job's applicant count on its card ("12 applicants") or in the table (`bare`: the number):
 * "10,000+" when the server stopped counting (`applicantCountCapped`).
 */
export function JobApplicantCount({
  summary,
  bare = false,
}: {
  summary: ApplicantSummary;
  bare?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const shown = cappedCountLabel(
    summary.applicantCount,
    summary.applicantCountCapped,
    i18n.language,
  );
  if (bare) return <bdi dir="ltr">{shown}</bdi>;
  if (!summary.applicantCountCapped) {
    return <>{t('jobs.applicantCount', { count: summary.applicantCount })}</>;
  }
  return (
    <Trans
      i18nKey="jobs.applicantCountCapped"
      values={{ shown }}
      components={CAPPED_COUNT_COMPONENTS}
    />
  );
}
