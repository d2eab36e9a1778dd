import { DEVICE_MESSAGES, interviewErrorTitleKey, type InterviewErrorDevice } from '@candid/domain';
import { Box, Group, Loader, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconCamera,
  IconCheck,
  IconChevronRight,
  IconDeviceDesktop,
  IconExclamationMark,
  IconMicrophone,
  IconWifi,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';
import {
  getDeviceStatus,
  isMicClipping,
  type DeviceStatus,
  type MediaCheckState,
} from '../../media/media-check-reducer';

export type RowDevice = 'camera' | 'microphone' | 'screen' | 'connection';

export const ICONS: Record<RowDevice, ReactNode> = {
  camera: <IconCamera size={20} aria-hidden />,
  microphone: <IconMicrophone size={20} aria-hidden />,
  screen: <IconDeviceDesktop size={20} aria-hidden />,
  connection: <IconWifi size={20} aria-hidden />,
};

const STATUS_COLOR: Record<DeviceStatus, string> = {
  ok: 'teal',
  checking: 'gray',
  warning: 'yellow',
  error: 'red',
};

/** The one-line message under a device's name on the results step (device messages). */
function getStatusMessage(
  state: MediaCheckState,
  device: RowDevice,
  status: DeviceStatus,
): string[] {
  const has = (type: string) => state.errors.some((error) => error.type === type);
  switch (device) {
    case 'camera':
      if (status === 'checking') return ['mediaCheck.status.faceChecking'];
      if (has('CAMERA_NOT_FOUND')) return [DEVICE_MESSAGES.cameraNotDetected];
      if (has('MEDIA_DENIED_BY_SYSTEM')) return [DEVICE_MESSAGES.mediaNotDetected];
      if (has('DENIED_CAM_ACCESS') || has('CAMERA_BUSY') || has('BROWSER_NOT_SUPPORTED')) {
        const error = state.errors.find(
          (candidate) => candidate.device === 'camera' || candidate.device === 'browser',
        );
        return error ? [interviewErrorTitleKey(error.type)] : [DEVICE_MESSAGES.cameraNotDetected];
      }
      if (state.isFaceSkipped) return ['mediaCheck.face.skippedStatus'];
      // One line: what to change is listed under the results, beside the live picture.
      if (state.face === 'failed') return [DEVICE_MESSAGES.faceNotRecognized];
      return status === 'ok' ? ['mediaCheck.status.cameraOk'] : [DEVICE_MESSAGES.cameraNotDetected];
    case 'microphone':
      if (has('MIC_NOT_FOUND')) return [DEVICE_MESSAGES.micNotDetected];
      if (has('DENIED_MIC_ACCESS')) return [interviewErrorTitleKey('DENIED_MIC_ACCESS')];
      if (has('MIC_LOW_VOLUME'))
        return [DEVICE_MESSAGES.micLowVolume, DEVICE_MESSAGES.checkAgainHint];
      if (status === 'warning' && isMicClipping(state)) return ['mediaCheck.status.micClipping'];
      return status === 'ok' ? ['mediaCheck.status.micOk'] : [DEVICE_MESSAGES.micNotDetected];
    case 'screen':
      if (has('NO_BROWSER_SUPPORT')) return [DEVICE_MESSAGES.screenNotSupported];
      if (has('DENIED_SCREEN_ACCESS')) return [interviewErrorTitleKey('DENIED_SCREEN_ACCESS')];
      return status === 'ok' ? ['mediaCheck.status.screenOk'] : ['mediaCheck.status.screenMissing'];
    case 'connection':
      if (status === 'checking') return ['mediaCheck.status.networkChecking'];
      if (state.network === 'offline')
        return [DEVICE_MESSAGES.noNetwork, DEVICE_MESSAGES.noNetworkHint];
      if (state.network === 'unstable') {
        return [DEVICE_MESSAGES.networkUnstable, DEVICE_MESSAGES.networkUnstableHint];
      }
      return ['mediaCheck.status.networkOk'];
  }
}

function StatusIcon({ status }: { status: DeviceStatus }) {
  if (status === 'checking') return <Loader size={18} color="gray" />;
  return (
    <ThemeIcon size={24} radius="xl" color={STATUS_COLOR[status]} variant="filled" aria-hidden>
      {status === 'ok' ? (
        <IconCheck size={16} />
      ) : status === 'warning' ? (
        <IconExclamationMark size={16} />
      ) : (
        <IconX size={16} />
      )}
    </ThemeIcon>
  );
}

/** The results step's list: each device, its status and message; a row with a problem opens its detail. */
export function DeviceStatusList({
  state,
  rows,
  onOpenDetail,
}: {
  state: MediaCheckState;
  rows: RowDevice[];
  onOpenDetail: (device: InterviewErrorDevice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} role="list" aria-label={t('mediaCheck.results.statusList')}>
      {rows.map((device) => {
        const status = getDeviceStatus(state, device);
        const messages = getStatusMessage(state, device, status);
        // A loud microphone's warning says all there is to say in its row.
        const isClippingOnly = device === 'microphone' && status === 'warning';
        const hasDetail = status === 'error' || (status === 'warning' && !isClippingOnly);
        const content = (
          <Group wrap="nowrap" gap="sm" py="sm" px="xs">
            <ThemeIcon variant="light" radius="xl" color={STATUS_COLOR[status]}>
              {ICONS[device]}
            </ThemeIcon>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm">
                {t(`mediaCheck.devices.${device}`)}
              </Text>
              {messages.map((key) => (
                <Text key={key} size="sm" c={status === 'ok' ? 'dimmed' : undefined}>
                  {t(key, { mbps: state.networkMbps?.toFixed(2) ?? '' })}
                </Text>
              ))}
            </Stack>
            <StatusIcon status={status} />
            {hasDetail ? (
              <IconChevronRight size={16} aria-hidden className={mirrorClasses.mirror} />
            ) : null}
          </Group>
        );
        return (
          <Box
            key={device}
            role="listitem"
            data-testid={`status-${device}`}
            data-status={status}
            style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
          >
            {hasDetail ? (
              <UnstyledButton
                w="100%"
                onClick={() => onOpenDetail(device)}
                aria-label={t('mediaCheck.results.openDetail', {
                  device: t(`mediaCheck.devices.${device}`),
                })}
              >
                {content}
              </UnstyledButton>
            ) : (
              content
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
