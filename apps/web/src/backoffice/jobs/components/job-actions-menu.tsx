import { isReviewer, type Job } from '@candid/domain';
import { ActionIcon } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconEye,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveMenu, type ResponsiveMenuItem } from '../../../common/ui/responsive-menu';
import { JobAccessDialog } from '../../common/jobs/job-access-dialog';
import { useSessionUser } from '../../common/session/session-actions';

export interface JobActionHandlers {
  onEdit: (job: Job) => void;
  onShare: (job: Job) => void;
  onClone: (job: Job) => void;
  onArchive: (job: Job) => void;
  onRestore: (job: Job) => void;
  onDelete: (job: Job) => void;
}

/** The actions that change the job: a reviewer has none of them (the server refuses them). */
function useChangeItems(job: Job, handlers: JobActionHandlers): ResponsiveMenuItem[] {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (user && isReviewer(user)) return [];
  return job.archivedAt
    ? [
        {
          id: 'restore',
          label: t('jobs.actions.restore'),
          icon: <IconArchiveOff size={18} aria-hidden />,
          onClick: () => handlers.onRestore(job),
        },
        {
          id: 'delete',
          label: t('jobs.actions.delete'),
          icon: <IconTrash size={18} aria-hidden />,
          color: 'red',
          onClick: () => handlers.onDelete(job),
        },
      ]
    : [
        {
          id: 'edit',
          label: t('jobs.actions.edit'),
          icon: <IconPencil size={18} aria-hidden />,
          onClick: () => handlers.onEdit(job),
        },
        {
          id: 'share',
          label: t('jobs.actions.share'),
          icon: <IconShare size={18} aria-hidden />,
          onClick: () => handlers.onShare(job),
        },
        {
          id: 'clone',
          label: t('jobs.actions.clone'),
          icon: <IconCopy size={18} aria-hidden />,
          onClick: () => handlers.onClone(job),
        },
        {
          id: 'archive',
          label: t('jobs.actions.archive'),
          icon: <IconArchive size={18} aria-hidden />,
          onClick: () => handlers.onArchive(job),
        },
      ];
}

/**
 * A job's actions: edit, share, clone and archive while active; an archived job
 * offers only restore and permanent delete. Then who can see the job (the owner chooses its
 * reviewers there; a reviewer only has this one). A dropdown, or a bottom sheet on phones.
 */
export function JobActionsMenu({ job, handlers }: { job: Job; handlers: JobActionHandlers }) {
  const { t } = useTranslation();
  const [isAccessOpen, setAccessOpen] = useState(false);
  const items: ResponsiveMenuItem[] = [
    ...useChangeItems(job, handlers),
    {
      id: 'access',
      label: t('jobAccess.action'),
      icon: <IconEye size={18} aria-hidden />,
      onClick: () => setAccessOpen(true),
    },
  ];
  return (
    <>
      <ResponsiveMenu
        title={job.info.title}
        items={items}
        target={
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('jobs.actions.label', { title: job.info.title })}
          >
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        }
      />
      <JobAccessDialog
        jobId={job._id}
        jobTitle={job.info.title}
        opened={isAccessOpen}
        onClose={() => setAccessOpen(false)}
      />
    </>
  );
}
