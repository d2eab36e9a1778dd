import type { ApplicantFilter } from '@candid/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatScore } from '../common/score-parts';
import { ANY_CHOICE, FilterChipGroup } from './filter-chip-group';

/** The score filter's thresholds ("50%+", …); a lower one would let almost everyone through. */
const SCORE_FILTER_CHOICES = [50, 70, 90] as const;

type ScoreFilterPatch = Partial<Pick<ApplicantFilter, 'minScore' | 'knockedOut'>>;

/** "70%+" in the interface's language. */
export function scoreFilterLabel(t: TFunction, language: string, minScore: number): string {
  return t('applicantOverview.filters.scoreAtLeast', { score: formatScore(minScore, language) });
}

/** "Knocked out only" or "Hide knocked out". */
export function knockoutFilterLabel(t: TFunction, knockedOut: boolean): string {
  return knockedOut
    ? t('applicantOverview.filters.onlyKnockedOut')
    : t('applicantOverview.filters.hideKnockedOut');
}

/**
 * The score filters of a job that scores answers: a minimum score and the knockout (all, hide
 * the knocked-out applicants, or only them). Chips like the overview's other filters.
 */
export function ScoreFilterFields({
  filter,
  onChange,
}: {
  filter: ApplicantFilter;
  onChange: (patch: ScoreFilterPatch) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <FilterChipGroup
        label={t('applicantOverview.filters.score')}
        anyLabel={t('applicantOverview.filters.anyScore')}
        choices={SCORE_FILTER_CHOICES.map((score) => ({
          value: String(score),
          label: scoreFilterLabel(t, i18n.language, score),
        }))}
        value={filter.minScore === undefined ? ANY_CHOICE : String(filter.minScore)}
        onChange={(value) =>
          onChange({ minScore: value === ANY_CHOICE ? undefined : Number(value) })
        }
      />
      <FilterChipGroup
        label={t('applicantOverview.filters.knockout')}
        anyLabel={t('applicantOverview.filters.allApplicants')}
        choices={[false, true].map((knockedOut) => ({
          value: String(knockedOut),
          label: knockoutFilterLabel(t, knockedOut),
        }))}
        value={filter.knockedOut === undefined ? ANY_CHOICE : String(filter.knockedOut)}
        onChange={(value) =>
          onChange({ knockedOut: value === ANY_CHOICE ? undefined : value === 'true' })
        }
      />
    </>
  );
}
