import {
  accommodationResponseSchema,
  type AccommodationDecision,
  type AccommodationResponse,
  type ApplicantDetails,
} from '@candid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { applicantKeys } from '../../api/applicants-api';

/** `PUT job/{jobId}/{applicantId}/accommodation {decision}`: approve or decline. */
export async function decideAccommodation(
  api: ApiClient,
  jobId: string,
  applicantId: string,
  decision: AccommodationDecision,
): Promise<AccommodationResponse> {
  return accommodationResponseSchema.parse(
    await api.put<unknown>(
      `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/accommodation`,
      { decision },
    ),
  );
}

/**
 * The details screen's decision: the card shows it at once, then the details are read again
 * for the timeline's new event. A refusal (decided meanwhile elsewhere) says so and refreshes.
 */
export function useDecideAccommodation(jobId: string, applicantId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const detailsKey = applicantKeys.details(applicantId);
  return useMutation({
    mutationFn: (decision: AccommodationDecision) =>
      decideAccommodation(api, jobId, applicantId, decision),
    onSuccess: ({ accommodation }, decision) => {
      queryClient.setQueryData<ApplicantDetails>(detailsKey, (details) =>
        details ? { ...details, accommodation } : details,
      );
      showAlert({
        type: 'success',
        key:
          decision === 'approved'
            ? 'accommodation.review.approvedAlert'
            : 'accommodation.review.declinedAlert',
      });
    },
    onError: () => showAlert({ type: 'fail', key: 'accommodation.review.failAlert' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: detailsKey }),
  });
}
