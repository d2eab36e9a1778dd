import {
  sessionResponseSchema,
  type Language,
  type SessionResponse,
  type SignupInput,
} from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/**
 * `POST auth/signup`: the form's parsed values without the confirmation (the company name
 * included), and the interface language so the verification email (and later ones) come in it.
 */
export async function signup(
  api: ApiClient,
  input: SignupInput,
  lang: Language,
): Promise<SessionResponse> {
  const { fName, lName, email, companyName, password } = input;
  return sessionResponseSchema.parse(
    await api.post<unknown>('auth/signup', { fName, lName, email, companyName, password, lang }),
  );
}
