import {
  EMPTY_STATE_KEYS,
  formatDate,
  planLabelKey,
  type Account,
  type AccountSortField,
} from '@candid/domain';
import {
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSearchOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { EmptyState } from '../../../../common/ui/empty-state';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { AccountMenu, fullName, type AccountRowActions } from './account-menu';

/** The columns of the product, each sortable. */
const COLUMNS: { field: AccountSortField; labelKey: string }[] = [
  { field: 'fName', labelKey: 'accounts.columns.name' },
  { field: 'email', labelKey: 'accounts.columns.email' },
  { field: 'lastLogin', labelKey: 'accounts.columns.lastLogin' },
  { field: 'interviewCount', labelKey: 'accounts.columns.interviews' },
  { field: 'perm', labelKey: 'accounts.columns.plan' },
];

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

/** On a phone the columns have no headers: the sort is a menu above the cards. */
export function AccountSortMenu({
  sort,
  onSort,
}: {
  sort: string;
  onSort: (sort: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text fz="sm" c="dimmed">
        {t('accounts.sort')}
      </Text>
      <Menu>
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconArrowsSort size={14} />}>
            {t(COLUMNS.find((c) => sort.startsWith(`${c.field}:`))?.labelKey ?? '')}{' '}
            {sort.endsWith(':asc') ? '↑' : '↓'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {COLUMNS.flatMap((column) =>
            (['asc', 'desc'] as const).map((order) => (
              <Menu.Item
                key={`${column.field}:${order}`}
                onClick={() => onSort(`${column.field}:${order}`)}
              >
                {t(column.labelKey)} {order === 'asc' ? '↑' : '↓'}
              </Menu.Item>
            )),
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function RoleBadge({ account }: { account: Account }) {
  const { t } = useTranslation();
  return account.role === 'admin' ? (
    <Badge size="xs" variant="light" color="grape">
      {t('accounts.roles.admin')}
    </Badge>
  ) : null;
}

/**
 * One page of accounts: a table with sortable columns (name, email, last login, interviews,
 * plan) and a menu per row; on a phone, a card per account.
 */
export function AccountList({
  accounts,
  isPending,
  sort,
  onSort,
  selfId,
  actions,
}: {
  accounts: Account[];
  isPending: boolean;
  sort: string;
  onSort: (sort: string) => void;
  /** The signed-in admin's account: it cannot be viewed as or deleted from here. */
  selfId: string | undefined;
  actions: AccountRowActions;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const isPhone = useIsPhone();
  const lastLogin = (account: Account) =>
    account.lastLogin ? formatDate(account.lastLogin, language) : t('accounts.never');
  const menuFor = (account: Account) => (
    <AccountMenu account={account} isSelf={account._id === selfId} actions={actions} />
  );

  if (isPending) return <Skeleton h={320} radius="lg" />;
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
                  <RoleBadge account={account} />
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
                sort={sort}
                onSort={onSort}
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
                  <RoleBadge account={account} />
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
}
