import { canManageRetention, RETENTION_MONTH_OPTIONS } from '@candid/domain';
import { Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { showAlert } from '../../../common/stores/alert-store';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { retentionKeys, saveRetention, useRetention, useRetentionPreview } from '../api/retention';
import { RetentionPreviewList } from '../components/retention-preview-list';
import { ConsentNoticeSection } from '../components/consent-notice-section';

const OFF = 'off';

/** The owner's choice: the period, the dry run of the chosen one, and saving with a confirmation. */
function RetentionSettingsSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const settings = useRetention(true);
  const saved = settings.data?.retentionMonths ?? null;
  const [choice, setChoice] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const value = choice ?? (saved === null ? OFF : String(saved));
  const months = value === OFF ? null : Number(value);
  const preview = useRetentionPreview(months);
  const isChanged = settings.isSuccess && months !== saved;

  const save = useMutation({
    mutationFn: () => saveRetention(api, months),
    onSuccess: async (next) => {
      setIsConfirming(false);
      queryClient.setQueryData(retentionKeys.settings, next);
      setChoice(null);
      await queryClient.invalidateQueries({ queryKey: retentionKeys.all });
      showAlert({
        type: 'success',
        key: next.retentionMonths === null ? 'retention.savedOff' : 'retention.saved',
      });
    },
    onError: (error) =>
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'retention.saveFailed',
      }),
  });

  if (settings.isPending) return <Skeleton h={120} radius="lg" />;
  if (settings.isError) return <Text c="red.8">{t('retention.loadFailed')}</Text>;

  const options = [
    { value: OFF, label: t('retention.off') },
    ...RETENTION_MONTH_OPTIONS.map((option) => ({
      value: String(option),
      label: t('retention.months', { count: option }),
    })),
  ];
  const dueCount = preview.data?.count ?? 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('retention.period')}
          </Title>
          <Text c="gray.7" fz="sm">
            {saved === null ? t('retention.currentOff') : t('retention.current', { count: saved })}
          </Text>
        </Stack>
        <Select
          label={t('retention.choose')}
          description={t('retention.chooseHint')}
          data={options}
          value={value}
          onChange={(next) => setChoice(next ?? OFF)}
          allowDeselect={false}
          maw={360}
          comboboxProps={{ withinPortal: true }}
        />
        {months !== null ? (
          <RetentionPreviewList preview={preview.data} isLoading={preview.isPending} />
        ) : null}
        <Group justify="flex-end">
          <Button
            disabled={!isChanged || (months !== null && !preview.isSuccess)}
            loading={save.isPending && !isConfirming}
            onClick={() => (months === null ? save.mutate() : setIsConfirming(true))}
          >
            {t('retention.save')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t(saved === null ? 'retention.confirmTitle' : 'retention.confirmTitleChange')}
        centered
      >
        <Stack gap="md">
          <Text>{t('retention.confirmText', { count: months ?? 0 })}</Text>
          <Text fw={600}>{t('retention.confirmDue', { count: dueCount })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {t('retention.cancel')}
            </Button>
            <Button
              color="red"
              loading={save.isPending}
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => save.mutate()}
            >
              {t('retention.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * Data retention (`/backoffice/data-retention`): the organisation owner chooses after
 * how long archived and rejected applicants are deleted with their recordings, CVs and images,
 * seeing first who would go now, and writes the consent notice candidates accept before
 * anything is recorded. Members learn that the owner decides.
 */
export function RetentionPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canManage = Boolean(user && canManageRetention(user));
  return (
    <BackofficeLayout>
      <Stack gap="xl" maw={860}>
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('retention.title')}
          </Title>
          <Text c="gray.7">{t('retention.hint')}</Text>
        </Stack>
        {canManage ? (
          <>
            <RetentionSettingsSection />
            <ConsentNoticeSection />
          </>
        ) : (
          <Text data-testid="owner-only">{t('retention.ownerOnly')}</Text>
        )}
      </Stack>
    </BackofficeLayout>
  );
}

export default RetentionPage;
