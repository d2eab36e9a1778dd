import type { ApplicantListItem, ApplicantSort, ApplicantSortField } from '@candid/domain';
import { Group, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicantAvatar } from '../common/applicant-avatar';
import { RatingSummaryText } from '../common/rating-summary';
import { ScoreText } from '../common/score-parts';
import { StatusBadge } from '../common/status-label';
import {
  ApplicantDate,
  ApplicantName,
  ApplicantRowMenu,
  RowCheckbox,
  isRowBodyClick,
  useApplicantName,
  type ApplicantRowHandlers,
} from './applicant-row-parts';
import type { ApplicantSelection } from './use-applicant-selection';

/** i18n keys of the sortable columns (dotted wire names cannot be i18n keys). */
export const SORT_COLUMN_KEYS: Record<ApplicantSortField, string> = {
  'timestamp.submitted': 'applicantOverview.columns.date',
  'info.fName': 'applicantOverview.columns.name',
  'jobInfo.title': 'applicantOverview.columns.job',
  'info.hometown': 'applicantOverview.columns.hometown',
  status: 'applicantOverview.columns.status',
  rating: 'applicantOverview.columns.rating',
  score: 'applicantOverview.columns.score',
};

export interface SortProps {
  /** Full users sort; free users see plain headers. */
  canSort: boolean;
  sortSpec: ApplicantSort;
  onSort: (field: ApplicantSortField) => void;
}

function HeaderCell({
  field,
  sort,
  children,
  visibleFrom,
  w,
}: {
  field: ApplicantSortField;
  sort: SortProps;
  children: ReactNode;
  visibleFrom?: 'md' | 'lg';
  w?: number;
}) {
  const { t } = useTranslation();
  if (!sort.canSort) {
    return (
      <Table.Th visibleFrom={visibleFrom} w={w}>
        {children}
      </Table.Th>
    );
  }
  const isSorted = sort.sortSpec.field === field;
  const Icon = !isSorted
    ? IconSelector
    : sort.sortSpec.order === 'asc'
      ? IconArrowUp
      : IconArrowDown;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      w={w}
      aria-sort={isSorted ? (sort.sortSpec.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() => sort.onSort(field)}
        aria-label={t('applicantOverview.sortBy', { column: t(SORT_COLUMN_KEYS[field]) })}
        style={{ fontWeight: 'inherit' }}
      >
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} aria-hidden opacity={isSorted ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The desktop list: avatar, name, job, hometown, rating, score (`showScore`: the job scores
 * answers), status and date, a checkbox per row for the bulk read toggle (not in the archive),
 * and each row's menu. Hometown hides below the medium breakpoint to keep the rest readable.
 */
export function ApplicantTable({
  applicants,
  isArchiveView,
  selection,
  sort,
  handlers,
  showScore = false,
}: {
  applicants: ApplicantListItem[];
  isArchiveView: boolean;
  showScore?: boolean;
  selection: ApplicantSelection;
  sort: SortProps;
  handlers: ApplicantRowHandlers;
}) {
  const { t } = useTranslation();
  const getName = useApplicantName();
  const withSelection = !isArchiveView;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" highlightOnHover={!isArchiveView} data-testid="applicant-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {withSelection ? (
                <Table.Th w={44}>
                  <RowCheckbox
                    aria-label={t('applicantOverview.select.all')}
                    checked={selection.isAllSelected}
                    indeterminate={selection.isSomeSelected}
                    disabled={selection.selectableCount === 0}
                    onChange={selection.toggleAll}
                  />
                </Table.Th>
              ) : null}
              <Table.Th w={56}>
                <VisuallyHidden>{t('applicantOverview.columns.avatar')}</VisuallyHidden>
              </Table.Th>
              <HeaderCell field="info.fName" sort={sort}>
                {t('applicantOverview.columns.name')}
              </HeaderCell>
              <HeaderCell field="jobInfo.title" sort={sort}>
                {t('applicantOverview.columns.job')}
              </HeaderCell>
              <HeaderCell field="info.hometown" sort={sort} visibleFrom="md">
                {t('applicantOverview.columns.hometown')}
              </HeaderCell>
              <HeaderCell field="rating" sort={sort}>
                {t('applicantOverview.columns.rating')}
              </HeaderCell>
              {showScore ? (
                <HeaderCell field="score" sort={sort}>
                  {t('applicantOverview.columns.score')}
                </HeaderCell>
              ) : null}
              <HeaderCell field="status" sort={sort}>
                {t('applicantOverview.columns.status')}
              </HeaderCell>
              <HeaderCell field="timestamp.submitted" sort={sort}>
                {t('applicantOverview.columns.date')}
              </HeaderCell>
              <Table.Th w={48}>
                <VisuallyHidden>{t('applicantOverview.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {applicants.map((applicant) => {
              const name = getName(applicant);
              const isSelectable = selection.isSelectable(applicant);
              return (
                <Table.Tr
                  key={applicant.id}
                  data-testid="applicant-row"
                  data-unread={applicant.isRead ? undefined : 'true'}
                  data-locked={applicant.isLocked ? 'true' : undefined}
                  bg={selection.isSelected(applicant.id) ? 'indigo.0' : undefined}
                  style={{
                    cursor: isArchiveView ? 'default' : 'pointer',
                    opacity: applicant.isLocked ? 0.6 : undefined,
                  }}
                  onClick={(event) => {
                    if (isRowBodyClick(event)) handlers.onActivate(applicant);
                  }}
                >
                  {withSelection ? (
                    <Table.Td>
                      <RowCheckbox
                        aria-label={t('applicantOverview.select.row', { name })}
                        checked={selection.isSelected(applicant.id)}
                        disabled={!isSelectable}
                        onChange={() => selection.toggle(applicant.id)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <ApplicantAvatar info={applicant.info} size={36} />
                  </Table.Td>
                  <Table.Td maw={260}>
                    {isArchiveView ? (
                      <ApplicantName applicant={applicant} />
                    ) : (
                      <UnstyledButton onClick={() => handlers.onActivate(applicant)} maw="100%">
                        <ApplicantName applicant={applicant} />
                      </UnstyledButton>
                    )}
                  </Table.Td>
                  <Table.Td maw={220}>
                    <Text fz="sm" truncate c="gray.8">
                      <bdi>{applicant.jobInfo.title}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="md" maw={180}>
                    <Text fz="sm" truncate c="gray.7">
                      <bdi>{applicant.info.hometown || '—'}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RatingSummaryText summary={applicant.rating} />
                  </Table.Td>
                  {showScore ? (
                    <Table.Td>
                      <ScoreText score={applicant.score} knockedOut={applicant.knockedOut} />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <StatusBadge applicant={applicant} />
                  </Table.Td>
                  <Table.Td>
                    <ApplicantDate applicant={applicant} />
                  </Table.Td>
                  <Table.Td data-row-control>
                    <Group justify="flex-end">
                      <ApplicantRowMenu
                        applicant={applicant}
                        isArchiveView={isArchiveView}
                        handlers={handlers}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
