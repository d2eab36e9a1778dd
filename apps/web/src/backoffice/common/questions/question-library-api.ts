import {
  savedQuestionListResponseSchema,
  savedQuestionSchema,
  type Question,
  type SavedQuestion,
} from '@candid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

/** The organisation's saved questions ("Our questions" in the library picker). */
export const questionLibraryKeys = {
  all: ['question-library'] as const,
  search: (q: string) => ['question-library', q] as const,
};

/** `GET question-library?q=`: the organisation's saved questions, newest first. */
export async function listSavedQuestions(
  api: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<SavedQuestion[]> {
  const answer = await api.get<unknown>('question-library', {
    signal,
    params: q ? { q } : {},
  });
  return savedQuestionListResponseSchema.parse(answer).questions;
}

/** The saved questions matching `q`, asked for only while `enabled` (the picker's tab is open). */
export function useSavedQuestions(q: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: questionLibraryKeys.search(q),
    queryFn: ({ signal }) => listSavedQuestions(api, q, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `POST question-library`: the editor's question, without its id and the job's scoring. */
export function useSaveQuestionToLibrary() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quest: Question) => {
      const { txt, desc, ansRule, timeLimit, thinkTimeSec, opts } = quest;
      return savedQuestionSchema.parse(
        await api.post<unknown>('question-library', {
          txt,
          desc,
          ansRule,
          timeLimit,
          ...(thinkTimeSec ? { thinkTimeSec } : {}),
          ...(opts ? { opts } : {}),
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionLibraryKeys.all }),
  });
}

/** `DELETE question-library/{id}`. */
export function useDeleteSavedQuestion() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete<unknown>(`question-library/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionLibraryKeys.all }),
  });
}
