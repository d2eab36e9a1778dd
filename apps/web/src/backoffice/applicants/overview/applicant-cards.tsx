import type { ApplicantListItem } from '@candid/domain';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
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

/**
 * The phone list (below 760 px): one card per applicant with the table's data — avatar, name,
 * job, hometown, status, rating, score (`showScore`, once there is one) and date — its checkbox
 * and its menu (a bottom sheet).
 */
export function ApplicantCards({
  applicants,
  isArchiveView,
  selection,
  handlers,
  showScore = false,
}: {
  applicants: ApplicantListItem[];
  isArchiveView: boolean;
  selection: ApplicantSelection;
  handlers: ApplicantRowHandlers;
  showScore?: boolean;
}) {
  const { t } = useTranslation();
  const getName = useApplicantName();
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="applicant-cards"
    >
      {applicants.map((applicant) => {
        const name = getName(applicant);
        const isSelected = selection.isSelected(applicant.id);
        return (
          <Paper
            key={applicant.id}
            component="li"
            withBorder
            radius="lg"
            p="sm"
            data-testid="applicant-row"
            data-unread={applicant.isRead ? undefined : 'true'}
            data-locked={applicant.isLocked ? 'true' : undefined}
            bg={isSelected ? 'indigo.0' : undefined}
            style={{
              cursor: isArchiveView ? 'default' : 'pointer',
              opacity: applicant.isLocked ? 0.6 : undefined,
            }}
            onClick={(event) => {
              if (isRowBodyClick(event)) handlers.onActivate(applicant);
            }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {isArchiveView ? null : (
                <RowCheckbox
                  mt={10}
                  aria-label={t('applicantOverview.select.row', { name })}
                  checked={isSelected}
                  disabled={!selection.isSelectable(applicant)}
                  onChange={() => selection.toggle(applicant.id)}
                />
              )}
              <ApplicantAvatar info={applicant.info} size={40} />
              <Stack gap={4} miw={0} flex={1}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  {isArchiveView ? (
                    <ApplicantName applicant={applicant} />
                  ) : (
                    <UnstyledButton onClick={() => handlers.onActivate(applicant)} miw={0}>
                      <ApplicantName applicant={applicant} />
                    </UnstyledButton>
                  )}
                  <ApplicantDate applicant={applicant} />
                </Group>
                <Group gap={6} wrap="nowrap" miw={0} c="gray.7">
                  {/* dir="auto": text in the other script is cut at its own end (an English
                      title in Hebrew keeps its first words), not at the page's end. */}
                  <Text fz="sm" c="gray.8" truncate miw={0} dir="auto" style={{ flex: '0 1 auto' }}>
                    {applicant.jobInfo.title}
                  </Text>
                  {applicant.info.hometown ? (
                    <Group gap={2} wrap="nowrap" miw={0} maw="50%" style={{ flex: 'none' }}>
                      <IconMapPin size={14} aria-hidden style={{ flex: 'none' }} />
                      <Text fz="sm" truncate dir="auto">
                        {applicant.info.hometown}
                      </Text>
                    </Group>
                  ) : null}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="sm" wrap="wrap" miw={0} style={{ rowGap: 4 }}>
                    <StatusBadge applicant={applicant} style={{ flexShrink: 0 }} />
                    {applicant.rating.count > 0 ? (
                      <RatingSummaryText summary={applicant.rating} />
                    ) : null}
                    {showScore && (applicant.score !== null || applicant.knockedOut) ? (
                      <ScoreText score={applicant.score} knockedOut={applicant.knockedOut} />
                    ) : null}
                  </Group>
                  <div data-row-control>
                    <ApplicantRowMenu
                      applicant={applicant}
                      isArchiveView={isArchiveView}
                      handlers={handlers}
                    />
                  </div>
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
