import { sessionUserSchema, type ProfileInput, type SessionUser } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** `PUT user/ {user}`: the logged-in user's profile (spec §7). Answers the updated user. */
export async function updateProfile(api: ApiClient, input: ProfileInput): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.put<unknown>('user/', { user: input }));
}
