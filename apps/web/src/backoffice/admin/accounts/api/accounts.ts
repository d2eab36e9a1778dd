import {
  accountDeletionSchema,
  accountListResponseSchema,
  sessionUserSchema,
  type AccountDeletion,
  type AccountListResponse,
  type CreateUserBody,
  type SessionUser,
} from '@candid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';

/** The account list's URL state: search, sort (`field:order`) and the 1-based page. */
export interface AccountListState {
  txt: string;
  sort: string;
  currPage: number;
  itemsPerPage: number;
}

export const accountKeys = {
  all: ['accounts'] as const,
  list: (state: AccountListState) => [...accountKeys.all, 'list', state] as const,
  deletion: (id: string) => [...accountKeys.all, 'deletion', id] as const,
};

/** `GET user/query` (admin, cancellable): one page of accounts. */
export async function listAccounts(
  api: ApiClient,
  state: AccountListState,
  signal?: AbortSignal,
): Promise<AccountListResponse> {
  return accountListResponseSchema.parse(
    await api.get<unknown>('user/query', {
      params: {
        txt: state.txt || undefined,
        sort: state.sort,
        currPage: state.currPage,
        itemsPerPage: state.itemsPerPage,
      },
      signal,
    }),
  );
}

export function useAccounts(state: AccountListState) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: accountKeys.list(state),
      queryFn: ({ signal }) => listAccounts(api, state, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET user/{id}`: the whole user (plan grants included) for the edit dialog. */
export async function getUser(api: ApiClient, id: string): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.get<unknown>(`user/${encodeURIComponent(id)}`));
}

/** `POST user/`: adds an account. */
export async function createAccount(api: ApiClient, body: CreateUserBody): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.post<unknown>('user/', body));
}

/** What an admin may change of an account in the edit dialog. */
export interface AccountPatch {
  _id: string;
  fName: string;
  lName?: string;
  email: string;
  companyName?: string;
  role: 'admin' | 'user';
  perm: number;
  advancedPrm: Record<string, boolean>;
}

/** `PUT user/ {user}`: saves an account. */
export async function updateAccount(api: ApiClient, user: AccountPatch): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.put<unknown>('user/', { user }));
}

/** `DELETE user/{id}`. */
export async function deleteAccount(api: ApiClient, id: string): Promise<void> {
  await api.delete(`user/${encodeURIComponent(id)}`);
}

/** `PUT user/password/{id} {newPassword, userId}`. */
export async function setAccountPassword(
  api: ApiClient,
  id: string,
  newPassword: string,
): Promise<void> {
  await api.put(`user/password/${encodeURIComponent(id)}`, { newPassword, userId: id });
}

/** `GET user/{id}/deletion`: what deleting the account does to its jobs and applicants. */
export function useAccountDeletion(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountKeys.deletion(id ?? ''),
    queryFn: async (): Promise<AccountDeletion> =>
      accountDeletionSchema.parse(
        await api.get<unknown>(`user/${encodeURIComponent(id ?? '')}/deletion`),
      ),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** `POST user/verify-email {user}`: e-mails the account its verification link and code. */
export async function sendVerificationEmail(api: ApiClient, id: string): Promise<void> {
  await api.post('user/verify-email', { user: { _id: id } });
}

/** `POST user/verify-email-code {user}`: e-mails the account a verification code only. */
export async function sendVerificationCode(api: ApiClient, id: string): Promise<void> {
  await api.post('user/verify-email-code', { user: { _id: id } });
}

/** `POST user/verify-applicant {userId, code}`: a right code verifies the account's e-mail. */
export async function verifyAccountCode(
  api: ApiClient,
  id: string,
  code: string,
): Promise<boolean> {
  const answer = await api.post<{ isVerified?: unknown }>('user/verify-applicant', {
    userId: id,
    code,
  });
  return answer.isVerified === true;
}
