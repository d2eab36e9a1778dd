import {
  createShareLinkResponseSchema,
  guestRateResponseSchema,
  revokeShareLinkResponseSchema,
  sharedApplicantResponseSchema,
  sharedLinkResponseSchema,
  shareLinksResponseSchema,
  type CreateShareLinkBody,
  type CreateShareLinkResponse,
  type GuestRateBody,
  type GuestRating,
  type SharedApplicant,
  type SharedLinkResponse,
  type ShareLink,
} from '@candid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';
import { APPLICANTS_KEY } from '../../api/applicants-api';

/**
 * Share links: the recruiter's calls (make, list, revoke) and the guest's (the link's
 * applicants, one applicant, a rating), each answer parsed with its domain schema.
 */

export const shareLinkKeys = {
  ofApplicant: (applicantId: string) => [...APPLICANTS_KEY, 'shareLinks', applicantId] as const,
  guest: (token: string) => ['share', token] as const,
  guestApplicant: (token: string, applicantId: string) =>
    ['share', token, 'applicant', applicantId] as const,
};

/** `POST job/share-link`. */
export async function createShareLink(
  api: ApiClient,
  body: CreateShareLinkBody,
): Promise<CreateShareLinkResponse> {
  return createShareLinkResponseSchema.parse(await api.post<unknown>('job/share-link', body));
}

/** `GET job/{jobId}/{applicantId}/share-link`: the links that still open. */
export async function listShareLinks(
  api: ApiClient,
  jobId: string,
  applicantId: string,
  signal?: AbortSignal,
): Promise<ShareLink[]> {
  const answer = await api.get<unknown>(
    `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/share-link`,
    { signal },
  );
  return shareLinksResponseSchema.parse(answer).links;
}

/** `DELETE job/share-link/{id}`. */
export async function revokeShareLink(api: ApiClient, id: string): Promise<ShareLink> {
  const answer = await api.delete<unknown>(`job/share-link/${encodeURIComponent(id)}`);
  return revokeShareLinkResponseSchema.parse(answer).link;
}

export function useShareLinks(jobId: string, applicantId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: shareLinkKeys.ofApplicant(applicantId),
    queryFn: ({ signal }) => listShareLinks(api, jobId, applicantId, signal),
  });
}

/** Makes a link; every applicant's list of links is refreshed. */
export function useCreateShareLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkBody) => createShareLink(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...APPLICANTS_KEY, 'shareLinks'] }),
  });
}

export function useRevokeShareLink(applicantId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeShareLink(api, id),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofApplicant(applicantId) }),
  });
}

const sharePath = (token: string) => `share/${encodeURIComponent(token)}`;

/** `GET share/{token}`: the guest's link and its applicants. */
export async function getSharedLink(
  api: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<SharedLinkResponse> {
  return sharedLinkResponseSchema.parse(await api.get<unknown>(sharePath(token), { signal }));
}

/** `GET share/{token}/{applicantId}`: one applicant as the guest sees it. */
export async function getSharedApplicant(
  api: ApiClient,
  token: string,
  applicantId: string,
  signal?: AbortSignal,
): Promise<SharedApplicant> {
  const answer = await api.get<unknown>(`${sharePath(token)}/${encodeURIComponent(applicantId)}`, {
    signal,
  });
  return sharedApplicantResponseSchema.parse(answer).applicant;
}

/** `PUT share/{token}/{applicantId}/rating`: the guest's own ratings after the change. */
export async function rateSharedApplicant(
  api: ApiClient,
  token: string,
  applicantId: string,
  body: GuestRateBody,
): Promise<GuestRating[]> {
  const answer = await api.put<unknown>(
    `${sharePath(token)}/${encodeURIComponent(applicantId)}/rating`,
    body,
  );
  return guestRateResponseSchema.parse(answer).myRatings;
}

export function useSharedLink(token: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: shareLinkKeys.guest(token),
    enabled,
    retry: false,
    queryFn: ({ signal }) => getSharedLink(api, token, signal),
  });
}

export function useSharedApplicant(token: string, applicantId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: shareLinkKeys.guestApplicant(token, applicantId ?? ''),
    enabled: applicantId !== null,
    retry: false,
    // Each load is a recorded view: not again on focus.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => getSharedApplicant(api, token, applicantId!, signal),
  });
}
