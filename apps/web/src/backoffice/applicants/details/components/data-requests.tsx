import type { ApplicantDetails } from '@candid/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileZip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../../common/api/api-client-context';
import { isApiClientError } from '../../../../common/api/api-error';
import { showAlert } from '../../../../common/stores/alert-store';
import type { ResponsiveMenuItem } from '../../../../common/ui/responsive-menu';
import {
  APPLICANTS_KEY,
  applicantKeys,
  deleteApplicantData,
  exportApplicantData,
} from '../../api/applicants-api';

/** Wraps text in first-strong isolates (U+2068 … U+2069) for the bidi algorithm. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Saves a downloaded file under its name (an object URL clicked as a download link). */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; a later tick frees it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A candidate's data requests on the details page: export everything the product
 * holds about the applicant as a zip, and delete the applicant with all its files after a
 * confirmation that names who goes. Returns the applicant menu's two items and the dialog.
 */
export function useDataRequests(
  applicant: ApplicantDetails,
  onDeleted: () => void,
): { items: ResponsiveMenuItem[]; dialog: ReactNode } {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const jobId = applicant.jobInfo.jobId;
  const fullName = `${applicant.info.fName} ${applicant.info.lName}`.trim();

  const exportData = useMutation({
    mutationFn: () => exportApplicantData(api, jobId, applicant.id),
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName ?? `applicant-${applicant.id}.zip`);
      showAlert({ type: 'success', key: 'dataRequests.exported' });
    },
    onError: (error) =>
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'dataRequests.exportFailed',
      }),
  });

  const deleteData = useMutation({
    mutationFn: () => deleteApplicantData(api, jobId, applicant.id),
    onSuccess: async () => {
      setIsConfirming(false);
      showAlert({ type: 'success', key: 'dataRequests.deleted' });
      queryClient.removeQueries({ queryKey: applicantKeys.details(applicant.id) });
      await queryClient.invalidateQueries({ queryKey: APPLICANTS_KEY });
      onDeleted();
    },
    onError: (error) =>
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'dataRequests.deleteFailed',
      }),
  });

  const items: ResponsiveMenuItem[] = [
    {
      id: 'export',
      label: t('dataRequests.export'),
      hint: t('dataRequests.exportHint'),
      icon: <IconFileZip size={18} aria-hidden />,
      disabled: exportData.isPending,
      onClick: () => exportData.mutate(),
    },
    {
      id: 'delete',
      label: t('dataRequests.delete'),
      color: 'red',
      icon: <IconTrash size={18} aria-hidden />,
      onClick: () => setIsConfirming(true),
    },
  ];

  const dialog = (
    <Modal
      opened={isConfirming}
      onClose={() => setIsConfirming(false)}
      title={t('dataRequests.deleteTitle')}
      centered
    >
      <Stack gap="md">
        <Text>
          {t('dataRequests.deleteConfirm', {
            // Isolated, so a Latin name keeps its place (and its brackets) in a Hebrew sentence.
            name: isolate(fullName),
            job: isolate(applicant.jobInfo.title),
          })}
        </Text>
        <Text c="gray.7" fz="sm">
          {t('dataRequests.deleteHint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsConfirming(false)}>
            {t('dataRequests.cancel')}
          </Button>
          <Button
            color="red"
            loading={deleteData.isPending}
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => deleteData.mutate()}
          >
            {t('dataRequests.deleteAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { items, dialog };
}
