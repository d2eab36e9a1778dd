import {
  EMPTY_STATE_KEYS,
  formatDate,
  pageAfterRemoval,
  SEARCH_DEBOUNCE_MS,
  TEMPLATE_PAGE_SIZE,
  type Template,
} from '@candid/domain';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArchive,
  IconPlus,
  IconSearch,
  IconSearchOff,
  IconTemplate,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../common/ui/empty-state';
import { PaginationBar } from '../../../common/ui/pagination-bar';
import { useLanguageStore } from '../../../common/stores/language-store';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplates } from '../../common/templates/list-templates';
import { BuiltInTemplates } from '../components/built-in-templates';
import { TemplateMenu, type TemplateMenuHandlers } from '../components/template-menu';
import {
  getTemplateDetailsPath,
  getTemplateEditPath,
  type TemplateListState,
} from '../components/template-paths';
import { useTemplateActions } from '../components/use-template-actions';

/**
 * Template overview: name, creator and creation date, oldest first, 30 per page, a
 * trimmed search and the archive view; under them the built-in templates (read-only, "Use"
 * starts a job), so the page lists every template the Jobs page offers. The filter lives in the URL so the details screen's back
 * button returns to the same list.
 */
export default function TemplateOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguageStore((state) => state.language);
  const [searchParams, setSearchParams] = useSearchParams();
  const txt = searchParams.get('txt') ?? '';
  const showArchived = searchParams.get('showArchived') === 'true';
  const currPage = Math.max(1, Number(searchParams.get('currPage')) || 1);
  const [search, setSearch] = useState(txt);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const setFilter = (next: { txt?: string; showArchived?: boolean; currPage?: number }) => {
    const merged = { txt, showArchived, currPage, ...next };
    const params = new URLSearchParams();
    if (merged.txt) params.set('txt', merged.txt);
    if (merged.showArchived) params.set('showArchived', 'true');
    if (merged.currPage > 1) params.set('currPage', String(merged.currPage));
    setSearchParams(params, { replace: true });
  };

  useEffect(() => {
    if (debouncedSearch === txt) return;
    const params = new URLSearchParams(searchParams);
    if (debouncedSearch) params.set('txt', debouncedSearch);
    else params.delete('txt');
    params.delete('currPage');
    setSearchParams(params, { replace: true });
  }, [debouncedSearch, txt, searchParams, setSearchParams]);

  const query = useTemplates({ txt, showArchived, currPage, itemsPerPage: TEMPLATE_PAGE_SIZE });
  const templates = query.data?.templates ?? [];
  const { toggleDefault, toggleArchive } = useTemplateActions();
  const listState: TemplateListState = { listSearch: searchParams.size ? `?${searchParams}` : '' };

  const handlers: TemplateMenuHandlers = {
    onView: (template) => void navigate(getTemplateDetailsPath(template._id), { state: listState }),
    onEdit: (template) => void navigate(getTemplateEditPath(template._id), { state: listState }),
    onToggleDefault: (template) => void toggleDefault(template),
    onToggleArchive: (template: Template) => {
      const next = pageAfterRemoval({ currPage, itemsOnPage: templates.length, removedCount: 1 });
      void toggleArchive(template).then((updated) => {
        if (updated && next !== 'reload' && next !== currPage) setFilter({ currPage: next });
      });
    },
  };

  const renderList = () => {
    if (query.isPending) return <Skeleton h={240} radius="lg" />;
    if (templates.length === 0) {
      if (txt) {
        return (
          <EmptyState
            icon={<IconSearchOff size={28} aria-hidden />}
            title={t(EMPTY_STATE_KEYS.noExactMatches)}
            description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
          />
        );
      }
      if (showArchived) {
        return (
          <EmptyState
            icon={<IconArchive size={28} aria-hidden />}
            title={t('templates.emptyArchive.title')}
            description={t('templates.emptyArchive.text')}
          />
        );
      }
      return (
        <EmptyState
          icon={<IconTemplate size={28} aria-hidden />}
          // The built-in templates are listed below: this one is about the organisation's own.
          title={t('templates.emptyOwnTitle')}
          description={t('templates.emptyText')}
          action={
            <Button
              component={Link}
              to={getTemplateEditPath()}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('templates.create')}
            </Button>
          }
        />
      );
    }
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{t('templates.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('templates.columns.creator')}</Table.Th>
              <Table.Th>{t('templates.columns.createdAt')}</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>{t('templates.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.map((template) => (
              <Table.Tr key={template._id} data-testid="template-row">
                <Table.Td>
                  {/* On a phone the default badge goes under a long name rather than being cut. */}
                  <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
                    {template.archivedAt ? (
                      <Text fw={600}>{template.title}</Text>
                    ) : (
                      <Anchor
                        component={Link}
                        to={getTemplateDetailsPath(template._id)}
                        state={listState}
                        fw={600}
                        c="dark"
                      >
                        {template.title}
                      </Anchor>
                    )}
                    {template.isDefault ? (
                      <Badge size="sm" variant="light" color="teal" style={{ flex: 'none' }}>
                        {t('templates.default')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm" c="gray.7">
                  {template.owner.fName || '—'}
                </Table.Td>
                <Table.Td c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(template.createdAt, language)}
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <TemplateMenu template={template} handlers={handlers} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  };

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('templates.title')}
            </Title>
            {query.data ? (
              <Badge variant="light" color="gray" size="lg">
                {query.data.filteredTemplateCount}
              </Badge>
            ) : null}
          </Group>
          <Button
            component={Link}
            to={getTemplateEditPath()}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('templates.create')}
          </Button>
        </Group>
        <Group gap="sm">
          <TextInput
            flex="1 1 260px"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('templates.searchPlaceholder')}
            aria-label={t('templates.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label={t('jobs.clearSearch')}
                  onClick={() => setSearch('')}
                />
              ) : null
            }
          />
          <SegmentedControl
            value={showArchived ? 'archive' : 'active'}
            onChange={(value) => setFilter({ showArchived: value === 'archive', currPage: 1 })}
            data={[
              { value: 'active', label: t('jobs.active') },
              { value: 'archive', label: t('jobs.archive') },
            ]}
            aria-label={t('jobs.filter')}
          />
        </Group>
        {renderList()}
        <PaginationBar
          currPage={currPage}
          pageCount={query.data?.pageCount ?? 0}
          onChange={(page) => setFilter({ currPage: page })}
        />
        {showArchived ? null : <BuiltInTemplates txt={txt} listState={listState} />}
      </Stack>
    </BackofficeLayout>
  );
}
