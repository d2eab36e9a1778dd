import {
  sessionResponseSchema,
  type Language,
  type SessionResponse,
  type SignupRequest,
} from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/**
 * `POST auth/signup`: the form's parsed values without the confirmation, and the interface
 * language so the verification email (and later ones) come in it.
 */
export async function signup(
  api: ApiClient,
  input: SignupRequest,
  lang: Language,
): Promise<SessionResponse> {
  const { fName, lName, email, password } = input;
  return sessionResponseSchema.parse(
    await api.post<unknown>('auth/signup', { fName, lName, email, password, lang }),
  );
}
