import {
  SUBMISSION_EMAIL_MODES,
  SUBMISSION_EMAIL_SCOPES,
  type NotificationPrefs,
  type SubmissionEmailMode,
  type SubmissionEmailScope,
} from '@candid/domain';
import { Button, Group, Radio, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { useSetSessionUser } from '../../common/session/session-actions';
import {
  getNotificationPrefs,
  NOTIFICATION_PREFS_KEY,
  updateNotificationPrefs,
} from '../api/profile';

function PrefsForm({ initial }: { initial: NotificationPrefs }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  const [prefs, setPrefs] = useState(initial);
  const save = useMutation({
    mutationFn: (next: NotificationPrefs) => updateNotificationPrefs(api, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(NOTIFICATION_PREFS_KEY, saved.notifications);
      setSessionUser(saved);
      showAlert({ type: 'success', key: 'profile.notifications.saved' });
    },
  });
  const isChanged = prefs.scope !== initial.scope || prefs.mode !== initial.mode;
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('profile.notifications.scope')}
        value={prefs.scope}
        onChange={(scope) => setPrefs({ ...prefs, scope: scope as SubmissionEmailScope })}
      >
        <Stack gap="xs" mt="xs">
          {SUBMISSION_EMAIL_SCOPES.map((scope) => (
            <Radio key={scope} value={scope} label={t(`profile.notifications.scopes.${scope}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {prefs.scope === 'off' ? null : (
        <Stack gap={6}>
          <Text fz="sm" fw={500} id="notification-mode-label">
            {t('profile.notifications.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="notification-mode-label"
            value={prefs.mode}
            onChange={(mode) => setPrefs({ ...prefs, mode: mode as SubmissionEmailMode })}
            data={SUBMISSION_EMAIL_MODES.map((mode) => ({
              value: mode,
              label: t(`profile.notifications.modes.${mode}`),
            }))}
            fullWidth
            maw={420}
          />
          <Text fz="xs" c="gray.7">
            {t(`profile.notifications.modeHints.${prefs.mode}`)}
          </Text>
        </Stack>
      )}
      <FormErrorAlert errorKey={save.error ? getErrorI18nKey(save.error) : null} />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          loading={save.isPending}
          disabled={!isChanged || save.isPending}
          onClick={() => save.mutate(prefs)}
        >
          {t('profile.notifications.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The profile's e-mail section (notifications): which submitted interviews the user
 * hears about (their jobs, every job of the organisation, none) and how (each, or a daily digest).
 */
export function NotificationsSection() {
  const api = useApiClient();
  const prefs = useQuery({
    queryKey: NOTIFICATION_PREFS_KEY,
    queryFn: () => getNotificationPrefs(api),
  });
  if (prefs.data) return <PrefsForm key={JSON.stringify(prefs.data)} initial={prefs.data} />;
  return <Skeleton height={140} radius="md" />;
}
