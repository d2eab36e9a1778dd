import type { ApplicantDetails } from '@candid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../common/api/api-client';
import { ApiClientProvider } from '../../../../common/api/api-client-context';
import { useAlertStore } from '../../../../common/stores/alert-store';
import { useHistoryStore } from '../../../common/history/history-store';
import { applicantKeys } from '../../api/applicants-api';
import { useApplicantChanges } from './use-applicant-changes';

const DETAILS = {
  id: 'a1',
  status: 0,
  isRead: false,
  archivedAt: null,
  info: { fName: 'Noa', lName: 'Levi', email: 'noa@example.com', phone: '', hometown: '' },
  notes: [{ id: 'n1', txt: 'Strong answer', createdAt: '2026-01-01T10:00:00.000Z' }],
  timeline: [
    { type: 'activity', activity: 'created', createdAt: '2026-01-01T09:00:00.000Z' },
    { type: 'note', noteId: 'n1', txt: 'Strong answer', createdAt: '2026-01-01T10:00:00.000Z' },
  ],
} as unknown as ApplicantDetails;

beforeEach(() => useHistoryStore.getState().clear());
afterEach(() => {
  useHistoryStore.getState().clear();
  useAlertStore.setState({ alerts: [] });
});

function setup(put: () => Promise<unknown>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(applicantKeys.details('a1'), DETAILS);
  const request = vi.fn(async () => put());
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
  const { result } = renderHook(() => useApplicantChanges('a1'), { wrapper });
  const cached = () => queryClient.getQueryData<ApplicantDetails>(applicantKeys.details('a1'));
  return { changes: result.current, cached };
}

const labels = () => useHistoryStore.getState().past.map((step) => step.label);

describe('the applicant changes in the undo/redo history', () => {
  it('records a status update as two steps; undo puts the status back, redo sets it again', async () => {
    const { changes, cached } = setup(async () => ({ applicants: [] }));
    expect(await changes.changeStatus(3)).toBe(true);
    expect(labels()).toEqual(['keepPreviousApplicant', 'applicantStatus']);
    expect(useHistoryStore.getState().undo(2)).toBe(2);
    expect(cached()?.status).toBe(0);
    useHistoryStore.getState().redo(2);
    expect(cached()?.status).toBe(3);
  });

  it('a failed update takes back its two steps, a failed removal its one', async () => {
    const { changes, cached } = setup(async () => {
      throw new Error('refused');
    });
    useHistoryStore.getState().record({ label: 'archive', undo: () => {}, redo: () => {} });
    expect(await changes.changeStatus(5)).toBe(false);
    expect(cached()?.status).toBe(0);
    expect(labels()).toEqual(['archive']);
    expect(useHistoryStore.getState().future.map((step) => step.label)).toEqual([
      'applicantStatus',
      'keepPreviousApplicant',
    ]);

    expect(await changes.removeNote('n1')).toBe(false);
    expect(cached()?.notes).toHaveLength(1);
    expect(cached()?.timeline).toHaveLength(2);
    expect(labels()).toEqual(['archive']);
    expect(useHistoryStore.getState().future.map((step) => step.label)).toEqual(['noteRemove']);
  });

  it('records a removed note, an edit and an archive as one step each', async () => {
    const { changes, cached } = setup(async () => ({ applicants: [] }));
    await changes.removeNote('n1');
    await changes.saveInfo({ fName: 'Noa B.', lName: 'Levi' });
    await changes.toggleArchive();
    expect(labels()).toEqual(['noteRemove', 'applicantEdit', 'applicantArchive']);
    expect(cached()?.archivedAt).not.toBeNull();
    useHistoryStore.getState().undo(1);
    expect(cached()?.archivedAt).toBeNull();
    useHistoryStore.getState().undo(1);
    expect(cached()?.info.fName).toBe('Noa');
    useHistoryStore.getState().undo(1);
    expect(cached()?.notes.map((note) => note.id)).toEqual(['n1']);
  });
});
