import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../common/session/session-query';
import { useAlertStore } from '../common/stores/alert-store';
import { createSessionEndHandler } from './session-end';

describe('createSessionEndHandler', () => {
  it('clears the stores and the query cache, reads as logged out, and goes to /login', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['jobs'], [{ _id: 'j1' }]);
    queryClient.setQueryData(SESSION_QUERY_KEY, { _id: 'u1' });
    useAlertStore.setState({ alerts: [{ id: 1, type: 'fail', key: 'alerts.noPermission' }] });
    const navigate = vi.fn();

    createSessionEndHandler({ queryClient, navigate })();

    expect(queryClient.getQueryData(['jobs'])).toBeUndefined();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(useAlertStore.getState().alerts).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
