import {
  alertI18nKey,
  entityI18nKey,
  type ApplicantDetails,
  type RatingTargetType,
} from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { APPLICANTS_KEY, applicantKeys, rateApplicant } from '../../api/applicants-api';

/**
 * The caller's rating of a scorecard criterion or an answer. The answer of the call
 * (everyone's ratings) goes into the cached details at once; the details are then refetched
 * (the timeline has a new entry) and the overview lists refreshed (average and count).
 * Resolves to whether the server agreed.
 */
export function useRateApplicant(jobId: string, applicantId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (targetType: RatingTargetType, targetId: string, score: number | null) => {
      const detailsKey = applicantKeys.details(applicantId);
      try {
        const ratings = await rateApplicant(api, jobId, applicantId, {
          targetType,
          targetId,
          score,
        });
        queryClient.setQueryData<ApplicantDetails>(detailsKey, (details) =>
          details ? { ...details, ratings, rating: ratings.summary } : details,
        );
        void queryClient.invalidateQueries({ queryKey: detailsKey });
        void queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: [...APPLICANTS_KEY, 'count'] });
        return true;
      } catch {
        showAlert({
          type: 'fail',
          key: alertI18nKey('failSave'),
          params: { entity: { i18nKey: entityI18nKey('rating') } },
        });
        return false;
      }
    },
    [api, queryClient, jobId, applicantId],
  );
}
