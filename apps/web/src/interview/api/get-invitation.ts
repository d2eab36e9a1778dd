import type { CandidateDetails, InvitationResponse } from '@candid/domain';
import { INVITATION_TOKEN_PATTERN } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../common/api/api-client-context';

/**
 * The person a personal invitation link (`?invite=`) invited to this job, as details to pre-fill
 * (asking marks the invitation opened on the server). Null for no token, a token of another job
 * or one the server no longer knows: the link then works as the job's public link.
 */
export function useInvitationDetails(jobId: string, token: string | null) {
  const api = useApiClient();
  const valid = token !== null && INVITATION_TOKEN_PATTERN.test(token);
  return useQuery({
    queryKey: ['interview', 'invitation', token],
    enabled: valid,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }): Promise<CandidateDetails | null> => {
      const found = await api
        .get<InvitationResponse>(`invitation?token=${encodeURIComponent(token!)}`, { signal })
        .catch(() => null);
      if (!found || found.jobId !== jobId) return null;
      return { ...found.info, hometown: '' };
    },
  });
}
