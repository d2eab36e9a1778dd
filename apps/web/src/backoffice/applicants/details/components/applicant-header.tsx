import {
  CV_ACCEPT,
  validateCvFile,
  type ApplicantDetails,
  type ApplicantStatusCode,
} from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useApiClient } from '../../../../common/api/api-client-context';
import { isApiClientError } from '../../../../common/api/api-error';
import { showAlert } from '../../../../common/stores/alert-store';
import { applicantKeys, replaceApplicantCv } from '../../api/applicants-api';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconBriefcase,
  IconDotsVertical,
  IconDownload,
  IconExternalLink,
  IconFileText,
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../../../../common/ui/mirror-in-rtl.module.css';
import { ResponsiveMenu, type ResponsiveMenuItem } from '../../../../common/ui/responsive-menu';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { ApplicantAvatar } from '../../common/applicant-avatar';
import { CopyField } from './copy-field';
import { StatusBadge } from '../../common/status-label';
import { StatusMenu } from './status-menu';

const ICON_PROPS = { size: 16, 'aria-hidden': true, color: 'var(--mantine-color-gray-6)' };

/**
 * The CV menu: view in a new tab, download under its stored name, and replace (or
 * upload, when there is none) with the same file rules as the candidate's upload.
 */
function CvMenu({
  jobId,
  applicantId,
  info,
  canUpload,
}: {
  jobId: string;
  applicantId: string;
  info: ApplicantDetails['info'];
  /** False for a reviewer, who reads the CV and changes nothing. */
  canUpload: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const { cvUrl, cvDownloadUrl } = info;

  async function upload(file: File) {
    const check = validateCvFile(file, { isCvRequired: true });
    if (!check.ok) {
      showAlert({ type: 'fail', key: check.key });
      return;
    }
    setIsUploading(true);
    try {
      await replaceApplicantCv(api, jobId, applicantId, file);
      await queryClient.invalidateQueries({ queryKey: applicantKeys.details(applicantId) });
      showAlert({ type: 'success', key: 'applicantDetails.cv.replaced' });
    } catch (error) {
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'applicantDetails.cv.replaceFailed',
      });
    } finally {
      setIsUploading(false);
    }
  }

  const openPicker = useCallback(
    () => (document.getElementById(inputId) as HTMLInputElement | null)?.click(),
    [inputId],
  );
  const items: ResponsiveMenuItem[] = [];
  if (cvUrl) {
    items.push({
      id: 'view',
      label: t('applicantDetails.cv.view'),
      icon: <IconExternalLink size={18} aria-hidden />,
      onClick: () => void window.open(cvUrl, '_blank', 'noopener,noreferrer'),
    });
  }
  if (cvDownloadUrl) {
    items.push({
      id: 'download',
      label: t('applicantDetails.cv.download'),
      icon: <IconDownload size={18} aria-hidden />,
      onClick: () => {
        const link = document.createElement('a');
        link.href = cvDownloadUrl;
        link.download = '';
        link.rel = 'noopener';
        document.body.append(link);
        link.click();
        link.remove();
      },
    });
  }
  if (canUpload) {
    items.push({
      id: 'replace',
      label: t(cvUrl ? 'applicantDetails.cv.replace' : 'applicantDetails.cv.upload'),
      icon: <IconUpload size={18} aria-hidden />,
      onClick: openPicker,
    });
  }
  if (items.length === 0) return null;
  return (
    <>
      <input
        id={inputId}
        type="file"
        accept={CV_ACCEPT}
        hidden
        data-testid="cv-replace-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      <ResponsiveMenu
        title={t('applicantDetails.cv.title')}
        items={items}
        target={
          <Button
            variant="default"
            loading={isUploading}
            leftSection={<IconFileText size={18} aria-hidden />}
            style={{ flex: 'none' }}
          >
            {t('applicantDetails.cv.button')}
          </Button>
        }
      />
    </>
  );
}

/**
 * The details header: back to the overview, avatar, name, job title, email, phone and
 * hometown (each click-to-copy), the status dropdown, the CV menu and the applicant menu
 * (edit; archive, or restore when archived; export and delete on the candidate's request).
 * A reviewer (`canChange` false) sees the status as a badge, the CV to read, and no menu.
 */
export function ApplicantHeader({
  applicant,
  isStatusDisabled,
  onBack,
  onStatusChange,
  onEdit,
  onToggleArchive,
  dataRequestItems = [],
  stepper = null,
  canChange = true,
}: {
  applicant: ApplicantDetails;
  /** Whether the user changes the applicant (status, info, archive, CV); not a reviewer. */
  canChange?: boolean;
  /** Previous / next applicant of the list the page was opened from, beside the back link. */
  stepper?: ReactNode;
  /** The data request items (export, delete on request) at the menu's end. */
  dataRequestItems?: ResponsiveMenuItem[];
  isStatusDisabled: boolean;
  onBack: () => void;
  onStatusChange: (status: ApplicantStatusCode) => void;
  onEdit: () => void;
  onToggleArchive: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { info } = applicant;
  const fullName = `${info.fName} ${info.lName}`.trim();
  const isArchived = Boolean(applicant.archivedAt);

  const menuItems: ResponsiveMenuItem[] = [];
  if (!isArchived) {
    menuItems.push({
      id: 'edit',
      label: t('applicantDetails.menu.edit'),
      icon: <IconPencil size={18} aria-hidden />,
      onClick: onEdit,
    });
  }
  menuItems.push(
    isArchived
      ? {
          id: 'restore',
          label: t('applicantDetails.menu.restore'),
          icon: <IconArchiveOff size={18} aria-hidden />,
          onClick: onToggleArchive,
        }
      : {
          id: 'archive',
          label: t('applicantDetails.menu.archive'),
          icon: <IconArchive size={18} aria-hidden />,
          onClick: onToggleArchive,
        },
  );
  menuItems.push(...dataRequestItems);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          px={4}
          mih={44}
          onClick={onBack}
          leftSection={<IconArrowLeft size={16} className={classes.mirror} aria-hidden />}
        >
          {t('applicantDetails.header.back')}
        </Button>
        {stepper}
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 280px' }}>
            <ApplicantAvatar info={info} size={56} />
            <Stack gap={4} miw={0}>
              <Group gap="xs" wrap="wrap">
                <CopyField value={fullName}>
                  <Title order={1} fz={{ base: 20, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
                    <bdi>{fullName}</bdi>
                  </Title>
                </CopyField>
                {isArchived ? (
                  <Badge color="gray" variant="light" data-testid="archived-badge">
                    {t('applicantDetails.header.archived')}
                  </Badge>
                ) : null}
              </Group>
              <CopyField
                value={applicant.jobInfo.title}
                icon={<IconBriefcase {...ICON_PROPS} />}
                textProps={{ fw: 600, c: 'gray.7' }}
              />
              <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
                {info.email ? (
                  <CopyField value={info.email} dir="ltr" icon={<IconMail {...ICON_PROPS} />} />
                ) : null}
                {info.phone ? (
                  <CopyField value={info.phone} dir="ltr" icon={<IconPhone {...ICON_PROPS} />} />
                ) : null}
                {info.hometown ? (
                  <CopyField value={info.hometown} icon={<IconMapPin {...ICON_PROPS} />} />
                ) : null}
              </Group>
            </Stack>
          </Group>
          <Group
            gap="xs"
            wrap={isPhone ? 'wrap' : 'nowrap'}
            w={{ base: '100%', sm: 'auto' }}
            miw={0}
            style={{ marginInlineStart: 'auto' }}
          >
            {canChange ? (
              <StatusMenu
                applicant={applicant}
                isDisabled={isStatusDisabled}
                onChange={onStatusChange}
              />
            ) : (
              <StatusBadge applicant={applicant} size="lg" data-testid="status-badge" />
            )}
            <CvMenu
              jobId={applicant.jobInfo.jobId}
              applicantId={applicant.id}
              info={info}
              canUpload={canChange}
            />
            {canChange ? (
              <ResponsiveMenu
                title={fullName}
                items={menuItems}
                target={
                  <ActionIcon
                    variant="default"
                    size={36}
                    aria-label={t('applicantDetails.menu.label', { name: fullName })}
                  >
                    <IconDotsVertical size={18} aria-hidden />
                  </ActionIcon>
                }
              />
            ) : null}
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
