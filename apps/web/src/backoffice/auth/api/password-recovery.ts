import { sessionResponseSchema, type SessionResponse } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/**
 * The calls of the forgot-password flow ("Auth flows") and the logged-in password
 * change. The server answers the code-sending calls the same way whether or not the account
 * exists.
 */

/** Step 0, "reset my password": `POST auth/reset-password` emails a 6-digit reset code. */
export async function sendResetCode(api: ApiClient, email: string): Promise<void> {
  await api.post('auth/reset-password', { email });
}

/** Step 0, "send me a one-time code": `POST auth/send-otp` emails a 6-digit login code. */
export async function sendLoginCode(api: ApiClient, email: string): Promise<void> {
  await api.post('auth/send-otp', { email });
}

/** Step 1: `PUT auth/verify-code` checks the reset code (it is used up only in step 2). */
export async function checkResetCode(
  api: ApiClient,
  input: { email: string; enteredCode: string },
): Promise<void> {
  await api.put('auth/verify-code', input);
}

/** Step 2 (logged out): `PUT auth/change-password` sets the new password with the reset code. */
export async function resetPassword(
  api: ApiClient,
  input: { email: string; password: string; code: string },
): Promise<void> {
  await api.put('auth/change-password', input);
}

/** Step 3: `POST auth/login-otp` logs in with the emailed one-time code. */
export async function loginWithCode(
  api: ApiClient,
  input: { email: string; enteredCode: string },
): Promise<SessionResponse> {
  return sessionResponseSchema.parse(await api.post<unknown>('auth/login-otp', input));
}

/** Logged in (`?isChangePass=true`): `PUT user/password/{id}`. */
export async function changeOwnPassword(
  api: ApiClient,
  userId: string,
  newPassword: string,
): Promise<void> {
  await api.put(`user/password/${encodeURIComponent(userId)}`, { newPassword, userId });
}
