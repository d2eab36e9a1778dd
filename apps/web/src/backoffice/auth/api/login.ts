import {
  authConfigResponseSchema,
  sessionResponseSchema,
  type Language,
  type LoginInput,
  type SessionResponse,
} from '@candid/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';

/** `POST auth/login` with the form's parsed values (email already trimmed and lower-cased). */
export async function login(api: ApiClient, input: LoginInput): Promise<SessionResponse> {
  return sessionResponseSchema.parse(await api.post<unknown>('auth/login', input));
}

/** `POST auth/login-google` with the ID token Google Identity Services handed the page. */
export async function loginWithGoogle(
  api: ApiClient,
  idToken: string,
  lang: Language,
): Promise<SessionResponse> {
  return sessionResponseSchema.parse(
    await api.post<unknown>('auth/login-google', { idToken, lang }),
  );
}

/** `GET auth/config`: the Google client id when Google sign-in is configured, else null. */
export function authConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['auth', 'config'] as const,
    queryFn: async () => authConfigResponseSchema.parse(await api.get<unknown>('auth/config')),
    staleTime: Infinity,
    retry: false,
  });
}
