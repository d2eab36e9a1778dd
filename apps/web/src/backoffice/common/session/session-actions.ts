import type { User } from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { createStorageTokenStore, type SessionTokens } from '../../../common/api/token-store';
import { POST_LOGOUT_PATH } from '../../../common/routing/paths';
import { SESSION_QUERY_KEY, useSession } from '../../../common/session/session-query';
import { resetSessionStores } from '../../../common/stores/reset-stores';

/** What signup, the logins and email verification by link answer. */
export interface SessionStart extends SessionTokens {
  user: User;
}

/** Replaces the session's user (after a profile save or an email verification by code). */
export function useSetSessionUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, user),
    [queryClient],
  );
}

/**
 * Puts a new session user in place and opens `destination`. The guest-only guard of the page
 * that started the session may see the new user before this navigation lands; it sends the
 * user to the same place (the login page's redirect query), so the order does not matter.
 */
export function useEnterWithUser(): (user: User, destination: string) => void {
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  return useCallback(
    (user: User, destination: string) => {
      setSessionUser(user);
      void navigate(destination, { replace: true });
    },
    [setSessionUser, navigate],
  );
}

/**
 * Starts a session from an auth answer and opens `destination`: the tokens go where the API
 * client reads them (localStorage), the user into the session query, so guards and screens see
 * the new user at once without asking `user/logged` again.
 */
export function useStartSession(): (session: SessionStart, destination: string) => void {
  const enterWithUser = useEnterWithUser();
  return useCallback(
    ({ accessToken, refreshToken, user }: SessionStart, destination: string) => {
      createStorageTokenStore().setTokens({ accessToken, refreshToken });
      enterWithUser(user, destination);
    },
    [enterWithUser],
  );
}

/**
 * Logout: the server revokes the refresh token's session, then — whatever the server
 * answered, since a user must always be able to leave — the tokens are forgotten, every session
 * store and the query cache are cleared, the session reads as logged out and the login page
 * opens. The same steps as the API client's end of session (app/session-end.ts).
 */
export function useLogout(): () => Promise<void> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const tokens = createStorageTokenStore();
    const refreshToken = tokens.getRefreshToken();
    try {
      await api.post('auth/logout', refreshToken ? { refreshToken } : {});
    } catch {
      // The session is ended locally anyway; the server's refresh token then simply expires.
    }
    tokens.clearTokens();
    resetSessionStores();
    queryClient.clear();
    queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, null);
    await navigate(POST_LOGOUT_PATH, { replace: true });
  }, [api, queryClient, navigate]);
}

/** The logged-in user of a back-office screen (its route guard made sure there is one). */
export function useSessionUser(): User | null {
  return useSession().user;
}
