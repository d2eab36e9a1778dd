import { isAdmin, type User } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useApiClient } from '../api/api-client-context';
import type { ApiClient } from '../api/api-client';
import { shouldLoadSession } from '../routing/paths';
import { useViewAsStore } from '../stores/view-as-store';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The logged-in user (`GET user/logged`). Any failure (no session, an expired one, no
 * network, an answer that is not a user) is swallowed and means "logged out".
 */
export async function getLoggedUser(api: ApiClient): Promise<User | null> {
  try {
    const [{ userSchema }, body] = await Promise.all([
      import('./user-schema'),
      // A visitor who is not logged in gets 401 here on every back-office page: that is the
      // answer expected, not an error worth an admin's record.
      api.get<unknown>('user/logged', { expectedStatuses: [401] }),
    ]);
    const parsed = userSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function sessionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => getLoggedUser(api),
    staleTime: Infinity,
    retry: false,
  });
}

export interface Session {
  user: User | null;
  /** True while the user is being asked for; guards wait instead of redirecting. */
  isLoading: boolean;
}

/**
 * The session as guards and screens see it (an admin viewing as an account gets that account's
 * plan and grants). On paths that never need the user (the candidate
 * interview, the embed, the error pages) it is not asked for and reads as logged out.
 */
export function useSession(): Session {
  const api = useApiClient();
  const { pathname } = useLocation();
  const enabled = shouldLoadSession(pathname);
  const query = useQuery({ ...sessionQueryOptions(api), enabled });
  const viewAs = useViewAsStore((state) => state.viewAs);
  const loggedUser = query.data ?? null;
  // While an admin views as an account, screens offer what that account's plan allows
  // (the server decides by the same plan); the user is still the admin, role included.
  const user = useMemo(
    () =>
      loggedUser && viewAs && isAdmin(loggedUser)
        ? {
            ...loggedUser,
            perm: viewAs.perm ?? loggedUser.perm,
            advancedPrm: viewAs.advancedPrm ?? loggedUser.advancedPrm,
          }
        : loggedUser,
    [loggedUser, viewAs],
  );
  return { user, isLoading: enabled && query.isPending };
}
