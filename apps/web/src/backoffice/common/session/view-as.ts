import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { useViewAsStore, type ViewAsAccount } from '../../../common/stores/view-as-store';

/** Where view-as starts ("the app goes to the job list") and where leaving it returns. */
export const VIEW_AS_START_PATH = '/backoffice/job';
export const ACCOUNT_OVERVIEW_PATH = '/backoffice/admin/account';

/**
 * Admin "view as": start shows the back office as the account (the API client then
 * sends its id as `viewAsId` on every job, applicant and template call) and opens the job list;
 * stop returns to the accounts page. Both drop every cached list but the session, so nothing
 * of one account is ever shown as another's.
 */
export function useViewAs() {
  const viewAs = useViewAsStore((state) => state.viewAs);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dropCache = useCallback(() => {
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
    });
  }, [queryClient]);
  const start = useCallback(
    (account: ViewAsAccount) => {
      useViewAsStore.getState().startViewAs(account);
      dropCache();
      void navigate(VIEW_AS_START_PATH);
    },
    [dropCache, navigate],
  );
  const stop = useCallback(() => {
    useViewAsStore.getState().stopViewAs();
    dropCache();
    void navigate(ACCOUNT_OVERVIEW_PATH);
  }, [dropCache, navigate]);
  return { viewAs, start, stop };
}
