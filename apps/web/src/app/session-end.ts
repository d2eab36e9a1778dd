import type { QueryClient } from '@tanstack/react-query';
import { POST_LOGOUT_PATH } from '../common/routing/paths';
import { SESSION_QUERY_KEY } from '../common/session/session-query';
import { resetSessionStores } from '../common/stores/reset-stores';

/**
 * What the app does when the API client ends the session (refresh refused) and on logout
 * (logout clears all stores and goes to Login): the session stores and the query
 * cache are cleared, the session reads as logged out at once, and the login page opens.
 */
export function createSessionEndHandler({
  queryClient,
  navigate,
}: {
  queryClient: QueryClient;
  navigate: (path: string) => void;
}): () => void {
  return () => {
    resetSessionStores();
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    navigate(POST_LOGOUT_PATH);
  };
}
