import { ACCOUNT_PAGE_SIZE, ACCOUNT_SORT_FIELDS, DEFAULT_SORTS } from '@candid/domain';
import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearchBox } from '../../../../common/hooks/use-search-box';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { cappedCountLabel } from '../../../../common/ui/capped-count';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { PaginationBar } from '../../../../common/ui/pagination-bar';
import { PasswordModal } from '../../../common/accounts/password-modal';
import { useSessionUser } from '../../../common/session/session-actions';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import { useAccounts, type AccountListState } from '../api/accounts';
import { AccountEditModal } from '../components/account-edit-modal';
import { AccountList, AccountSortMenu } from '../components/account-list';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { useAccountActions } from '../components/use-account-actions';
import { VerifyAccountModal } from '../components/verify-account-modal';

const DEFAULT_SORT = `${DEFAULT_SORTS.accounts.field}:${DEFAULT_SORTS.accounts.order}`;

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

/**
 * The account overview (admin `/backoffice/admin/account`): add an account, a sortable paged
 * table (name, email, last login, interviews, plan; first name descending by default), and per
 * row edit, set a password, e-mail verification (send, or check a code), view as, and delete (which says what becomes of
 * the account's jobs and applicants). Search, sort and page live in the URL. On a phone the
 * rows are cards.
 */
export default function AccountOverviewPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const language = useLanguageStore((state) => state.language);
  const isPhone = useIsPhone();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => stateFromUrl(searchParams), [searchParams]);
  const [search, setSearch] = useSearchBox(state.txt, (txt) =>
    setSearchParams(toUrl({ ...state, txt, currPage: 1 }), { replace: true }),
  );

  const query = useAccounts(state);
  const accounts = query.data?.accounts ?? [];
  const actions = useAccountActions({
    onRemoved: () => {
      // A removal that empties the page goes back one page.
      if (accounts.length === 1 && state.currPage > 1) {
        setSearchParams(toUrl({ ...state, currPage: state.currPage - 1 }), { replace: true });
      }
    },
  });

  const setSort = (sort: string) =>
    setSearchParams(toUrl({ ...state, sort, currPage: 1 }), { replace: true });

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
            onClick={actions.startAdding}
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
        {isPhone ? <AccountSortMenu sort={state.sort} onSort={setSort} /> : null}
        <AccountList
          accounts={accounts}
          isPending={query.isPending}
          sort={state.sort}
          onSort={setSort}
          selfId={me?._id}
          actions={actions.rowActions}
        />
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
        opened={actions.editing !== null}
        user={actions.editing?.user ?? null}
        onClose={actions.closeEditing}
        onSave={actions.saveAccount}
      />
      <DeleteAccountDialog
        account={actions.deleting}
        isDeleting={actions.isDeleting}
        onCancel={actions.cancelDeleting}
        onConfirm={actions.confirmDeleting}
      />
      <PasswordModal
        account={actions.passwordFor}
        onClose={actions.closePassword}
        onSave={actions.savePassword}
      />
      <VerifyAccountModal account={actions.verifying} onClose={actions.closeVerifying} />
    </BackofficeLayout>
  );
}
