import {
  canUseDepartments,
  departmentListResponseSchema,
  departmentSchema,
  type Department,
  type PermissionSubject,
} from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

/**
 * The organisation's departments (multi-department organisations): the team screen
 * manages them, the job editor picks one, the job overview filters by one.
 */
export const departmentKeys = {
  all: ['departments'] as const,
};

/** `GET department`: the organisation's departments by name. */
export async function listDepartments(api: ApiClient, signal?: AbortSignal): Promise<Department[]> {
  return departmentListResponseSchema.parse(await api.get<unknown>('department', { signal }))
    .departments;
}

export function departmentsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: departmentKeys.all,
    queryFn: ({ signal }) => listDepartments(api, signal),
    staleTime: 60_000,
  });
}

/** The departments, asked for only when the plan includes them (the server answers 403 otherwise). */
export function useDepartments(user: PermissionSubject | null | undefined) {
  const api = useApiClient();
  return useQuery({
    ...departmentsQueryOptions(api),
    enabled: Boolean(user && canUseDepartments(user)),
  });
}

/** `POST department`. */
export async function createDepartment(api: ApiClient, name: string): Promise<Department> {
  return departmentSchema.parse(await api.post<unknown>('department', { name }));
}

/** `PUT department/{id}`. */
export async function renameDepartment(
  api: ApiClient,
  id: string,
  name: string,
): Promise<Department> {
  return departmentSchema.parse(
    await api.put<unknown>(`department/${encodeURIComponent(id)}`, { name }),
  );
}

/** `DELETE department/{id}`: its jobs stay, without a department. */
export async function deleteDepartment(api: ApiClient, id: string): Promise<void> {
  await api.delete(`department/${encodeURIComponent(id)}`);
}
