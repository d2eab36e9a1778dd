import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { SHARE_LINK_MAX_APPLICANTS, hasPermission, isReviewer } from '@candid/domain';
import { IconColumns2, IconMail, IconMailOpened, IconShare, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../common/session/session-actions';
import { ShareLinkDialog } from '../share/components/share-link-dialog';
import { canToggleRead, compareTargetOf } from './overview-rules';
import type { ApplicantSelection } from './use-applicant-selection';

/**
 * The bulk read/unread toggle for the selected rows, "Compare" for two to four
 * of one job and "Share" with a hiring manager (up to 20 unlocked applicants, on a
 * plan with SHARE_LINKS). Not rendered in the archive; disabled, with the reason, while a locked
 * applicant is selected.
 */
export function BulkReadBar({
  selection,
  isArchiveView,
  isBusy,
  onSetRead,
}: {
  selection: ApplicantSelection;
  isArchiveView: boolean;
  isBusy: boolean;
  onSetRead: (isRead: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [isSharing, setIsSharing] = useState(false);
  const [sharedIds, setSharedIds] = useState<string[]>([]);
  if (isArchiveView || selection.selected.length === 0) return null;
  // A reviewer does not share applicants outside the team (the server refuses it).
  const isReviewing = Boolean(user && isReviewer(user));
  const canShare =
    (user ? hasPermission(user, 'SHARE_LINKS') : false) &&
    selection.selected.length <= SHARE_LINK_MAX_APPLICANTS &&
    !selection.selected.some((applicant) => applicant.isLocked);
  const compare = compareTargetOf(selection.selected);
  const hasLocked = selection.selected.some((applicant) => applicant.isLocked);
  const isEnabled = !isBusy && canToggleRead({ isArchiveView, selected: selection.selected });
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      bg="indigo.0"
      role="region"
      aria-label={t('applicantOverview.bulk.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} fz="sm" aria-live="polite">
          {t('applicantOverview.select.count', { count: selection.selected.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {hasLocked ? (
            <Text fz="sm" c="red.8">
              {t('applicantOverview.bulk.lockedHint')}
            </Text>
          ) : null}
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconMailOpened size={16} aria-hidden />}
            disabled={!isEnabled}
            onClick={() => onSetRead(true)}
          >
            {t('applicantOverview.bulk.markRead')}
          </Button>
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={!isEnabled}
            onClick={() => onSetRead(false)}
          >
            {t('applicantOverview.bulk.markUnread')}
          </Button>
          <Tooltip
            label={
              'reasonKey' in compare ? t(compare.reasonKey) : t('applicantOverview.compare.button')
            }
            disabled={'path' in compare}
            withArrow
          >
            <Button
              size="compact-md"
              variant="light"
              leftSection={<IconColumns2 size={16} aria-hidden />}
              data-disabled={'reasonKey' in compare || undefined}
              aria-disabled={'reasonKey' in compare}
              onClick={() => {
                if ('path' in compare) void navigate(compare.path);
              }}
            >
              {t('applicantOverview.compare.button')}
            </Button>
          </Tooltip>
          {isReviewing ? null : (
            <Button
              size="compact-md"
              variant="light"
              leftSection={<IconShare size={16} aria-hidden />}
              disabled={!canShare}
              onClick={() => {
                setSharedIds(selection.selected.map((applicant) => applicant.id));
                setIsSharing(true);
              }}
              data-testid="bulk-share"
            >
              {t('shareLinks.bulk.share')}
            </Button>
          )}
          <Button
            size="compact-md"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={selection.clear}
          >
            {t('applicantOverview.bulk.clear')}
          </Button>
        </Group>
      </Group>
      <ShareLinkDialog
        applicantIds={sharedIds}
        opened={isSharing}
        onClose={() => setIsSharing(false)}
      />
    </Paper>
  );
}
