import {
  ACCOUNT_PAGE_SIZE,
  ACCOUNT_SORT_FIELDS,
  DEFAULT_SORTS,
  EMPTY_STATE_KEYS,
  formatDate,
  planLabelKey,
  type Account,
  type AccountSortField,
  type SessionUser,
} from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconDotsVertical,
  IconEye,
  IconKey,
  IconPencil,
  IconSearch,
  IconSearchOff,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../../common/api/api-client-context';
import { useSearchBox } from '../../../../common/hooks/use-search-box';
import { showAlert } from '../../../../common/stores/alert-store';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { EmptyState } from '../../../../common/ui/empty-state';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { cappedCountLabel } from '../../../../common/ui/capped-count';
import { PaginationBar } from '../../../../common/ui/pagination-bar';
import { useSessionUser } from '../../../common/session/session-actions';
import { useViewAs } from '../../../common/session/view-as';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import {
  accountKeys,
  createAccount,
  deleteAccount,
  getUser,
  setAccountPassword,
  updateAccount,
  useAccounts,
  type AccountListState,
} from '../api/accounts';
import { AccountEditModal, type AccountEditResult } from '../components/account-edit-modal';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { PasswordModal } from '../../../common/accounts/password-modal';

const DEFAULT_SORT = `${DEFAULT_SORTS.accounts.field}:${DEFAULT_SORTS.accounts.order}`;

/** The columns of spec §2, each sortable. */
const COLUMNS: { field: AccountSortField; labelKey: string }[] = [
  { field: 'fName', labelKey: 'accounts.columns.name' },
  { field: 'email', labelKey: 'accounts.columns.email' },
  { field: 'lastLogin', labelKey: 'accounts.columns.lastLogin' },
  { field: 'interviewCount', labelKey: 'accounts.columns.interviews' },
  { field: 'perm', labelKey: 'accounts.columns.plan' },
];

function stateFromUrl(params: URLSearchParams): AccountListState {
  const page = Number(params.get('currPage'));
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const [field, order] = sort.split(':');
  const isKnownSort =
    (ACCOUNT_SORT_FIELDS as readonly string[]).includes(field ?? '') &&
    (order === 'asc' || order === 'desc');
  return {
    txt: params.get('txt')?.trim() ?? '',
    sort: isKnownSort ? sort : DEFAULT_SORT,
    currPage: Number.isInteger(page) && page > 0 ? page : 1,
    itemsPerPage: ACCOUNT_PAGE_SIZE,
  };
}

function toUrl(state: Pick<AccountListState, 'txt' | 'sort' | 'currPage'>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.txt) params.set('txt', state.txt);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.currPage > 1) params.set('currPage', String(state.currPage));
  return params;
}

function fullName(account: Pick<Account, 'fName' | 'lName'>): string {
  return `${account.fName} ${account.lName}`.trim();
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: AccountSortField;
  label: string;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const { t } = useTranslation();
  const [current, order] = sort.split(':');
  const isActive = current === field;
  const Icon = !isActive
    ? IconArrowsSort
    : order === 'asc'
      ? IconSortAscending
      : IconSortDescending;
  const next = isActive && order === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={isActive ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(`${field}:${next}`)}
        aria-label={t('accounts.sortBy', { column: label })}
      >
        <Group gap={4} wrap="nowrap">
          <Text component="span" fz="sm" fw={700}>
            {label}
          </Text>
          <Icon size={14} aria-hidden opacity={isActive ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function AccountMenu({
  account,
  isSelf,
  onEdit,
  onPassword,
  onViewAs,
  onDelete,
}: {
  account: Account;
  isSelf: boolean;
  onEdit: () => void;
  onPassword: () => void;
  onViewAs: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('accounts.actions', { name: fullName(account) })}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t('accounts.edit.action')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onPassword}>
          {t('accounts.password.action')}
        </Menu.Item>
        {isSelf ? null : (
          <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={onViewAs}>
            {t('viewAs.action')}
          </Menu.Item>
        )}
        {isSelf ? null : (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
            >
              {t('accounts.delete.action')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The account overview (spec §2 admin `/backoffice/admin/account`, §6): add an account, a
 * sortable paged table (name, email, last login, interviews, plan; fName descending by default,
 * spec §9), and per row edit, set a password, view as, and delete (which says what becomes of
 * the account's jobs and applicants). Search, sort and page live in the URL. On a phone the
 * rows are cards.
 */
export default function AccountOverviewPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const language = useLanguageStore((state) => state.language);
  const isPhone = useIsPhone();
  const { start: startViewAs } = useViewAs();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => stateFromUrl(searchParams), [searchParams]);
  const [search, setSearch] = useSearchBox(state.txt, (txt) =>
    setSearchParams(toUrl({ ...state, txt, currPage: 1 }), { replace: true }),
  );
  const [editing, setEditing] = useState<{ user: SessionUser | null } | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [passwordFor, setPasswordFor] = useState<Account | null>(null);

  const query = useAccounts(state);
  const accounts = query.data?.accounts ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });

  const saveAccount = async ({ input, advancedPrm }: AccountEditResult) => {
    const user = editing?.user ?? null;
    if (user) {
      await updateAccount(api, {
        _id: user._id,
        fName: input.fName,
        lName: input.lName ?? '',
        email: input.email,
        companyName: input.companyName ?? '',
        role: input.role,
        perm: input.perm,
        advancedPrm,
      });
      showAlert({
        type: 'success',
        key: 'alerts.update',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    } else {
      const created = await createAccount(api, input);
      if (Object.keys(advancedPrm).length > 0) {
        await updateAccount(api, {
          _id: created._id,
          fName: created.fName,
          email: created.email,
          role: created.role,
          perm: created.perm,
          advancedPrm,
        });
      }
      showAlert({
        type: 'success',
        key: 'alerts.add',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    }
    setEditing(null);
    await refresh();
  };

  const openEdit = async (account: Account) => {
    try {
      setEditing({ user: await getUser(api, account._id) });
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failUpdate',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    }
  };

  // The account's grants come with its user record; its plan alone is in the list row.
  const viewAs = async (account: Account) => {
    const user = await getUser(api, account._id).catch(() => null);
    startViewAs({
      ...account,
      perm: user?.perm ?? account.perm,
      advancedPrm: user?.advancedPrm ?? {},
    });
  };

  const remove = useMutation({
    mutationFn: (account: Account) => deleteAccount(api, account._id),
    onSuccess: async () => {
      setDeleting(null);
      showAlert({
        type: 'success',
        key: 'alerts.remove',
        params: { entity: { i18nKey: 'entities.account' } },
      });
      // A removal that empties the page goes back one page (spec §4).
      if (accounts.length === 1 && state.currPage > 1) {
        setSearchParams(toUrl({ ...state, currPage: state.currPage - 1 }), { replace: true });
      }
      await refresh();
    },
    onError: () =>
      showAlert({
        type: 'fail',
        key: 'alerts.failRemove',
        params: { entity: { i18nKey: 'entities.account' } },
      }),
  });

  const savePassword = async (newPassword: string) => {
    if (!passwordFor) return;
    try {
      await setAccountPassword(api, passwordFor._id, newPassword);
      showAlert({
        type: 'success',
        key: 'alerts.change',
        params: { entity: { i18nKey: 'entities.password' } },
      });
      setPasswordFor(null);
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failUpdate',
        params: { entity: { i18nKey: 'entities.password' } },
      });
    }
  };

  const setSort = (sort: string) =>
    setSearchParams(toUrl({ ...state, sort, currPage: 1 }), { replace: true });
  const lastLogin = (account: Account) =>
    account.lastLogin ? formatDate(account.lastLogin, language) : t('accounts.never');
  const menuFor = (account: Account) => (
    <AccountMenu
      account={account}
      isSelf={account._id === me?._id}
      onEdit={() => void openEdit(account)}
      onPassword={() => setPasswordFor(account)}
      onViewAs={() => void viewAs(account)}
      onDelete={() => setDeleting(account)}
    />
  );
  const roleBadge = (account: Account) =>
    account.role === 'admin' ? (
      <Badge size="xs" variant="light" color="grape">
        {t('accounts.roles.admin')}
      </Badge>
    ) : null;

  const renderList = () => {
    if (query.isPending) return <Skeleton h={320} radius="lg" />;
    if (accounts.length === 0) {
      return (
        <EmptyState
          icon={<IconSearchOff size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noExactMatches)}
          description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
        />
      );
    }
    if (isPhone) {
      return (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {accounts.map((account) => (
            <Paper
              key={account._id}
              component="li"
              withBorder
              radius="lg"
              p="md"
              data-testid="account-card"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} truncate>
                      {fullName(account)}
                    </Text>
                    {roleBadge(account)}
                  </Group>
                  <Text fz="sm" c="dimmed" dir="ltr" ta="start" truncate>
                    {account.email}
                  </Text>
                </Stack>
                {menuFor(account)}
              </Group>
              <Group gap="md" mt="sm" fz="sm">
                <Text fz="xs" c="dimmed">
                  {t('accounts.columns.lastLogin')}:{' '}
                  <Text component="span" fz="xs" c="dark">
                    {lastLogin(account)}
                  </Text>
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('accounts.columns.interviews')}:{' '}
                  <Text component="span" fz="xs" c="dark">
                    {account.interviewCount}
                  </Text>
                </Text>
                <Badge variant="light" size="sm">
                  {t(planLabelKey(account.perm))}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      );
    }
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {COLUMNS.map((column) => (
                <SortHeader
                  key={column.field}
                  field={column.field}
                  label={t(column.labelKey)}
                  sort={state.sort}
                  onSort={setSort}
                />
              ))}
              <Table.Th w={56}>
                <VisuallyHidden>{t('accounts.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account._id} data-testid="account-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} fz="sm">
                      {fullName(account)}
                    </Text>
                    {roleBadge(account)}
                  </Group>
                  {account.companyName ? (
                    <Text fz="xs" c="dimmed">
                      {account.companyName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text component="bdi" dir="ltr" fz="sm">
                    {account.email}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm">{lastLogin(account)}</Table.Td>
                <Table.Td fz="sm">{account.interviewCount}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(planLabelKey(account.perm))}</Badge>
                </Table.Td>
                <Table.Td>{menuFor(account)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  };

  // Past the server's cap the count reads "10,000+" (a search's "200+"), the last page "334+".
  const filteredCountLabel = query.data
    ? cappedCountLabel(
        query.data.filteredAccountCount,
        query.data.filteredAccountCountCapped,
        language,
      )
    : '';

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <IconUsersGroup size={28} aria-hidden />
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('accounts.title')}
            </Title>
            {query.data ? (
              <Badge
                variant="light"
                color="gray"
                size="lg"
                data-testid="account-count"
                aria-label={t('accounts.count', { shown: filteredCountLabel })}
                title={
                  query.data.filteredAccountCountCapped
                    ? t('accounts.countCapped', { shown: filteredCountLabel })
                    : undefined
                }
              >
                <bdi dir="ltr">{filteredCountLabel}</bdi>
              </Badge>
            ) : null}
          </Group>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setEditing({ user: null })}
          >
            {t('accounts.add')}
          </Button>
        </Group>
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('accounts.searchPlaceholder')}
          aria-label={t('accounts.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={{ sm: 420 }}
        />
        {isPhone ? (
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              {t('accounts.sort')}
            </Text>
            <Menu>
              <Menu.Target>
                <Button variant="default" size="xs" leftSection={<IconArrowsSort size={14} />}>
                  {t(COLUMNS.find((c) => state.sort.startsWith(`${c.field}:`))?.labelKey ?? '')}{' '}
                  {state.sort.endsWith(':asc') ? '↑' : '↓'}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {COLUMNS.flatMap((column) =>
                  (['asc', 'desc'] as const).map((order) => (
                    <Menu.Item
                      key={`${column.field}:${order}`}
                      onClick={() => setSort(`${column.field}:${order}`)}
                    >
                      {t(column.labelKey)} {order === 'asc' ? '↑' : '↓'}
                    </Menu.Item>
                  )),
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : null}
        {renderList()}
        <PaginationBar
          currPage={state.currPage}
          pageCount={query.data?.pageCount ?? 0}
          isCapped={query.data?.filteredAccountCountCapped ?? false}
          onChange={(page) =>
            setSearchParams(toUrl({ ...state, currPage: page }), { replace: true })
          }
        />
      </Stack>
      <AccountEditModal
        opened={editing !== null}
        user={editing?.user ?? null}
        onClose={() => setEditing(null)}
        onSave={saveAccount}
      />
      <DeleteAccountDialog
        account={deleting}
        isDeleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <PasswordModal
        account={passwordFor}
        onClose={() => setPasswordFor(null)}
        onSave={savePassword}
      />
    </BackofficeLayout>
  );
}
