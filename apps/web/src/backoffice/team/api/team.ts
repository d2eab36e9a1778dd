import {
  teamMemberSchema,
  teamResponseSchema,
  type AddMemberBody,
  type TeamMember,
  type TeamResponse,
  type UpdateMemberBody,
} from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export const teamKeys = { all: ['team'] as const };

/** `GET team`: the organisation's users, its owner first, and whether the caller manages them. */
export async function getTeam(api: ApiClient, signal?: AbortSignal): Promise<TeamResponse> {
  return teamResponseSchema.parse(await api.get<unknown>('team', { signal }));
}

export function useTeam(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => getTeam(api, signal),
    enabled,
  });
}

/** `POST team/member`: adds a member; they get an email to choose their password. */
export async function addMember(api: ApiClient, body: AddMemberBody): Promise<TeamMember> {
  return teamMemberSchema.parse(await api.post<unknown>('team/member', body));
}

/** `PUT team/member/{id}`: a member's name and email. */
export async function updateMember(
  api: ApiClient,
  id: string,
  body: UpdateMemberBody,
): Promise<TeamMember> {
  return teamMemberSchema.parse(
    await api.put<unknown>(`team/member/${encodeURIComponent(id)}`, body),
  );
}

/** `POST team/member/{id}/invitation`: a new set-password link (the older one stops working). */
export async function resendInvitation(api: ApiClient, id: string): Promise<void> {
  await api.post(`team/member/${encodeURIComponent(id)}/invitation`, {});
}

/** `DELETE team/member/{id}`: their jobs and templates go to the owner. */
export async function removeMember(api: ApiClient, id: string): Promise<void> {
  await api.delete(`team/member/${encodeURIComponent(id)}`);
}

/** `PUT user/password/{id}`: the owner sets a member's password. */
export async function setMemberPassword(
  api: ApiClient,
  id: string,
  newPassword: string,
): Promise<void> {
  await api.put(`user/password/${encodeURIComponent(id)}`, { newPassword, userId: id });
}
