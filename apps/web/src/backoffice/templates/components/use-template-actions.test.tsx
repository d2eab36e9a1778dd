import type { Template } from '@candid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../common/api/api-client';
import { ApiClientProvider } from '../../../common/api/api-client-context';
import { useAlertStore } from '../../../common/stores/alert-store';
import { useHistoryStore } from '../../common/history/history-store';
import { templateKeys } from '../../common/templates/template-keys';
import { useTemplateActions } from './use-template-actions';

const TEMPLATE: Template = {
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Support engineer',
  name: '',
  owner: { fName: 'Rina' },
  quests: [],
  isDefault: false,
  coverUrl: '',
  createdAt: '2026-01-01T09:00:00.000Z',
  archivedAt: null,
};

beforeEach(() => useHistoryStore.getState().clear());
afterEach(() => {
  useHistoryStore.getState().clear();
  useAlertStore.setState({ alerts: [] });
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const request = vi.fn(async (path: string) =>
    path.endsWith('/default')
      ? { ...TEMPLATE, isDefault: true }
      : { ...TEMPLATE, archivedAt: '2026-02-01T09:00:00.000Z' },
  );
  const api = {
    request,
    get: request,
    post: request,
    put: request,
    delete: request,
  } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useTemplateActions(), { wrapper });
  const cached = () => queryClient.getQueryData<Template>(templateKeys.detail(TEMPLATE._id));
  return { actions: result.current, cached };
}

describe('template actions in the undo/redo history', () => {
  it('records the default and archive toggles; undo and redo move the cached template', async () => {
    const { actions, cached } = setup();
    await actions.toggleDefault(TEMPLATE);
    await actions.toggleArchive(TEMPLATE);
    expect(useHistoryStore.getState().past.map((step) => step.label)).toEqual([
      'templateDefault',
      'templateArchive',
    ]);
    expect(cached()?.archivedAt).not.toBeNull();
    useHistoryStore.getState().undo(1);
    expect(cached()?.archivedAt).toBeNull();
    useHistoryStore.getState().redo(1);
    expect(cached()?.archivedAt).not.toBeNull();
  });
});
