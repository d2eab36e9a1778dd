import {
  sessionResponseSchema,
  verifyCodeResponseSchema,
  type SessionResponse,
  type VerifyCodeResponse,
} from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** The emailed link's `token`: `PUT auth/verify-email {code}` verifies and logs in. */
export async function verifyEmailWithLink(api: ApiClient, token: string): Promise<SessionResponse> {
  return sessionResponseSchema.parse(await api.put<unknown>('auth/verify-email', { code: token }));
}

/** Logged in and unverified: `PUT auth/verify-code {enteredCode}` verifies by the emailed code. */
export async function verifyEmailWithCode(
  api: ApiClient,
  enteredCode: string,
): Promise<VerifyCodeResponse> {
  return verifyCodeResponseSchema.parse(
    await api.put<unknown>('auth/verify-code', { enteredCode }),
  );
}

/** `POST auth/send-verify-email`: the verification email (link and code) again. */
export async function resendVerificationEmail(api: ApiClient): Promise<void> {
  await api.post('auth/send-verify-email');
}
