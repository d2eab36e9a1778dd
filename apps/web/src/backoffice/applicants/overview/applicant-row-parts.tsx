import { formatDate, type ApplicantListItem } from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Checkbox,
  Group,
  Text,
  Tooltip,
  VisuallyHidden,
  type CheckboxProps,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconExternalLink,
  IconLock,
  IconMail,
  IconMailOpened,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';
import { ResponsiveMenu, type ResponsiveMenuItem } from '../../../common/ui/responsive-menu';
import { getApplicantDate, getApplicantName } from './overview-rules';

/** What a row can do; the page decides what each means. */
export interface ApplicantRowHandlers {
  /** A click on the row or its name: opens, does nothing (archive) or explains the lock. */
  onActivate: (applicant: ApplicantListItem) => void;
  onSetRead: (applicant: ApplicantListItem, isRead: boolean) => void;
  /** Left out for a reviewer, who may not archive or restore (the menu then has no such item). */
  onArchive?: (applicant: ApplicantListItem) => void;
  onRestore?: (applicant: ApplicantListItem) => void;
}

/**
 * Row clicks open the applicant, except clicks on the row's own controls (checkbox, menu,
 * links) and clicks that only bubbled through React from a portal (the menu's sheet or its
 * overlay), which are not inside the row on the page.
 */
export function isRowBodyClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return false;
  return !target.closest('a, button, input, label, [role="menu"], [data-row-control]');
}

export function useApplicantName() {
  const { t } = useTranslation();
  return (applicant: ApplicantListItem) =>
    getApplicantName(applicant, t('applicantOverview.unnamed'));
}

/** The name, bold with a dot while unread, with a lock when the plan does not open it. */
export function ApplicantName({
  applicant,
  size,
}: {
  applicant: ApplicantListItem;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const name = useApplicantName()(applicant);
  const isUnread = !applicant.isRead;
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {isUnread ? (
        <Box
          w={8}
          h={8}
          bg="indigo.6"
          style={{ borderRadius: '50%', flex: 'none' }}
          data-testid="unread-dot"
        >
          <VisuallyHidden>{t('applicantOverview.unread')}</VisuallyHidden>
        </Box>
      ) : null}
      <Text fw={isUnread ? 700 : 500} fz={size} truncate miw={0} c="dark.8" dir="auto">
        {name}
      </Text>
      {applicant.isLocked ? (
        <Tooltip label={t('applicantOverview.lockedHint')} withArrow multiline w={220}>
          <Box c="dimmed" style={{ display: 'flex', flex: 'none' }}>
            <IconLock size={16} aria-hidden />
            <VisuallyHidden>{t('applicantOverview.locked')}</VisuallyHidden>
          </Box>
        </Tooltip>
      ) : null}
    </Group>
  );
}

const DATE_LABELS = {
  submitted: 'applicantOverview.submittedOn',
  started: 'applicantOverview.startedOn',
  opened: 'applicantOverview.openedOn',
  sent: 'applicantOverview.sentOn',
} as const;

/** The stage badge before the date of an interview not submitted yet. */
function stageBadge(
  kind: keyof typeof DATE_LABELS,
  isInvited: boolean,
): { key: string; color: string } | null {
  if (kind === 'sent') return { key: 'applicantOverview.invited', color: 'grape' };
  if (kind === 'started') return { key: 'applicantOverview.started', color: 'blue' };
  // Every walk-in candidate opened the link; only an invitation's opening is news.
  if (kind === 'opened' && isInvited) return { key: 'applicantOverview.opened', color: 'cyan' };
  return null;
}

/** Submitted date, else opened date, else invited date, in the short locale format. */
export function ApplicantDate({ applicant }: { applicant: ApplicantListItem }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const date = getApplicantDate(applicant);
  if (!date) return <Text c="dimmed">—</Text>;
  const text = formatDate(date.iso, language);
  const label = t(DATE_LABELS[date.kind], { date: text });
  const badge = stageBadge(date.kind, applicant.timestamp.sent !== null);
  return (
    <Text fz="sm" c="gray.7" title={label} style={{ whiteSpace: 'nowrap' }}>
      {badge ? (
        <Badge component="span" size="xs" variant="light" color={badge.color} me={6} aria-hidden>
          {t(badge.key)}
        </Badge>
      ) : null}
      <span aria-hidden>{text}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

/**
 * One applicant's actions: open, mark read or unread and archive while active; in the archive
 * only restore (archived items cannot be opened). A dropdown, or a sheet on phones.
 */
export function ApplicantRowMenu({
  applicant,
  isArchiveView,
  handlers,
}: {
  applicant: ApplicantListItem;
  isArchiveView: boolean;
  handlers: ApplicantRowHandlers;
}) {
  const { t } = useTranslation();
  const name = useApplicantName()(applicant);
  const items: ResponsiveMenuItem[] = [];
  const { onArchive, onRestore } = handlers;
  if (isArchiveView) {
    if (onRestore) {
      items.push({
        id: 'restore',
        label: t('applicantOverview.menu.restore'),
        icon: <IconArchiveOff size={18} aria-hidden />,
        onClick: () => onRestore(applicant),
      });
    }
  } else {
    if (!applicant.isLocked) {
      items.push(
        {
          id: 'open',
          label: t('applicantOverview.menu.open'),
          icon: <IconExternalLink size={18} aria-hidden />,
          onClick: () => handlers.onActivate(applicant),
        },
        applicant.isRead
          ? {
              id: 'unread',
              label: t('applicantOverview.bulk.markUnread'),
              icon: <IconMail size={18} aria-hidden />,
              onClick: () => handlers.onSetRead(applicant, false),
            }
          : {
              id: 'read',
              label: t('applicantOverview.bulk.markRead'),
              icon: <IconMailOpened size={18} aria-hidden />,
              onClick: () => handlers.onSetRead(applicant, true),
            },
      );
    }
    if (onArchive) {
      items.push({
        id: 'archive',
        label: t('applicantOverview.menu.archive'),
        icon: <IconArchive size={18} aria-hidden />,
        onClick: () => onArchive(applicant),
      });
    }
  }
  if (items.length === 0) return null;
  return (
    <ResponsiveMenu
      title={name}
      items={items}
      width={220}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('applicantOverview.menu.label', { name })}
        >
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      }
    />
  );
}

/**
 * A row's selection checkbox in a 44 px label (`.touch-area`, touch-targets.css): a finger
 * that lands beside the 20 px box still ticks it rather than opening the applicant.
 */
export function RowCheckbox(props: CheckboxProps) {
  return (
    <Box component="label" className="touch-area" data-touch-area data-row-control>
      <Checkbox {...props} />
    </Box>
  );
}
