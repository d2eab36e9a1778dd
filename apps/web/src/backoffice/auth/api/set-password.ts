import { sessionResponseSchema, type SessionResponse } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/**
 * `PUT auth/set-password`: a new member's invitation link. Sets the password they chose,
 * verifies their email and logs them in; the link works once.
 */
export async function setPasswordWithLink(
  api: ApiClient,
  input: { token: string; password: string },
): Promise<SessionResponse> {
  return sessionResponseSchema.parse(await api.put<unknown>('auth/set-password', input));
}
