import {
  DEVICE_MESSAGES,
  interviewErrorTitleKey,
  MEDIA_CHECK_TICKS,
  type InterviewErrorAction,
  type InterviewErrorDevice,
} from '@candid/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCamera,
  IconCheck,
  IconChevronRight,
  IconDeviceDesktop,
  IconExclamationMark,
  IconMicrophone,
  IconSettings,
  IconWifi,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';
import {
  readDevicePreferences,
  writeDevicePreferences,
  type DevicePreferences,
} from '../../media/device-preferences';
import {
  getDeviceStatus,
  type DeviceStatus,
  type MediaCheckState,
} from '../../media/media-check-reducer';
import { useMediaCheck, type MediaCheckHandover } from '../../media/use-media-check';
import { ensureFiniteDuration } from '../../media/playable-recording';
import { DeviceSettings } from './device-settings';
import { ErrorDetail } from './error-detail';

type RowDevice = 'camera' | 'microphone' | 'screen' | 'connection';

const ICONS: Record<RowDevice, ReactNode> = {
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

/** The one-line message under a device's name on the results step (spec §8 device messages). */
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
      if (state.face === 'failed') {
        return [
          DEVICE_MESSAGES.faceNotRecognized,
          DEVICE_MESSAGES.maxCaptureTime,
          DEVICE_MESSAGES.faceHint,
        ];
      }
      return status === 'ok' ? ['mediaCheck.status.cameraOk'] : [DEVICE_MESSAGES.cameraNotDetected];
    case 'microphone':
      if (has('MIC_NOT_FOUND')) return [DEVICE_MESSAGES.micNotDetected];
      if (has('DENIED_MIC_ACCESS')) return [interviewErrorTitleKey('DENIED_MIC_ACCESS')];
      if (has('MIC_LOW_VOLUME'))
        return [DEVICE_MESSAGES.micLowVolume, DEVICE_MESSAGES.checkAgainHint];
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

/**
 * Step 1 (spec §4): intro → ~5 s sample → results. Start is offered only when the check says
 * ready; the live streams are handed to the interview through `onReady`.
 */
export function MediaCheck({
  needsScreen,
  isStarting,
  onReady,
}: {
  needsScreen: boolean;
  isStarting?: boolean;
  onReady: (handover: MediaCheckHandover, devices: DevicePreferences) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [devices, setDevices] = useState<DevicePreferences>(() => readDevicePreferences());
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const { state, dispatch, browser, clipUrl, isReady, previewRef, run, requestScreen, handOver } =
    useMediaCheck({ needsScreen, devices });
  const rows: RowDevice[] = [
    'camera',
    'microphone',
    ...(needsScreen ? (['screen'] as const) : []),
    'connection',
  ];
  const progress = Math.round((state.ticks / MEDIA_CHECK_TICKS) * 100);
  const detailErrors = state.detailDevice
    ? state.errors.filter(
        (error) =>
          error.device === state.detailDevice ||
          (state.detailDevice === 'camera' && error.device === 'browser'),
      )
    : [];

  function handleAction(action: InterviewErrorAction) {
    dispatch({ type: 'closeDetail' });
    if (action === 'shareScreen') void requestScreen();
    else if (action === 'reload') window.location.reload();
    else void run();
  }

  const openDetail = (device: InterviewErrorDevice) => dispatch({ type: 'openDetail', device });
  const checkAgainButton = (
    <Button variant="default" fullWidth={isPhone} onClick={() => void run()}>
      {t('mediaCheck.results.checkAgain')}
    </Button>
  );
  const startButton = (
    <Button
      fullWidth={isPhone}
      disabled={!isReady}
      loading={isStarting}
      onClick={() => onReady(handOver(), devices)}
    >
      {t('mediaCheck.results.start')}
    </Button>
  );

  return (
    <Paper
      radius="lg"
      withBorder
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      data-testid="media-check"
      data-step={state.step}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {t('mediaCheck.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {state.step === 'intro'
              ? t('mediaCheck.intro.text')
              : state.step === 'recording'
                ? t('mediaCheck.recording.text')
                : t('mediaCheck.results.text')}
          </Text>
        </Stack>

        <Box
          pos="relative"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            background: 'var(--mantine-color-dark-7)',
            aspectRatio: '4 / 3',
            display: state.step === 'intro' ? 'none' : 'block',
          }}
        >
          <video
            ref={previewRef}
            muted
            playsInline
            autoPlay
            data-testid="camera-preview"
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              transform: 'scaleX(-1)',
              display: state.step === 'recording' ? 'block' : 'none',
            }}
          />
          {state.step === 'results' && clipUrl ? (
            <video
              src={clipUrl}
              controls
              preload="metadata"
              onLoadedMetadata={(event) => ensureFiniteDuration(event.currentTarget)}
              playsInline
              data-testid="sample-clip"
              aria-label={t('mediaCheck.results.clip')}
              style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
            />
          ) : null}
          {state.step === 'results' && !clipUrl ? (
            <Stack h="100%" align="center" justify="center" c="gray.4" p="md">
              <IconCamera size={40} aria-hidden />
              <Text size="sm" ta="center">
                {t('mediaCheck.results.noClip')}
              </Text>
            </Stack>
          ) : null}
          {state.step === 'recording' ? (
            <Box pos="absolute" top={8} style={{ insetInlineEnd: 8 }}>
              <RingProgress
                size={76}
                thickness={7}
                roundCaps
                sections={[{ value: progress, color: 'red' }]}
                rootColor="rgba(255,255,255,0.35)"
                aria-label={t('mediaCheck.recording.progress')}
                role="progressbar"
                aria-valuenow={progress}
                label={
                  <Text c="white" ta="center" fw={700} size="sm">
                    {Math.max(0, Math.ceil(((MEDIA_CHECK_TICKS - state.ticks) * 10) / 1000))}
                  </Text>
                }
              />
            </Box>
          ) : null}
        </Box>

        {state.step === 'intro' && !isSettingsOpen ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: rows.length }} spacing="sm">
              {rows.map((device) => (
                <Paper key={device} withBorder radius="md" p="sm">
                  <Group gap="xs" wrap="nowrap">
                    <ThemeIcon variant="light" radius="xl">
                      {ICONS[device]}
                    </ThemeIcon>
                    <Text size="sm" fw={500}>
                      {t(`mediaCheck.devices.${device}`)}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
            <Text size="sm">{t('mediaCheck.intro.speak')}</Text>
            <Group grow={isPhone} justify="space-between">
              <Button
                variant="default"
                leftSection={<IconSettings size={16} aria-hidden />}
                onClick={() => setIsSettingsOpen(true)}
              >
                {t('mediaCheck.intro.settings')}
              </Button>
              <Button onClick={() => void run()}>{t('mediaCheck.intro.run')}</Button>
            </Group>
          </Stack>
        ) : null}

        {state.step === 'intro' && isSettingsOpen ? (
          <DeviceSettings
            value={devices}
            onCancel={() => setIsSettingsOpen(false)}
            onSave={(chosen) => {
              writeDevicePreferences(chosen);
              setDevices(chosen);
              setIsSettingsOpen(false);
            }}
          />
        ) : null}

        {state.step === 'recording' ? (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('mediaCheck.recording.speak')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <IconMicrophone size={18} aria-hidden />
              <Progress
                value={Math.min(100, state.audioLevel * 250)}
                color={state.audioLevel > 0.15 ? 'teal' : 'gray'}
                style={{ flex: 1 }}
                aria-label={t('mediaCheck.recording.level')}
              />
            </Group>
          </Stack>
        ) : null}

        {state.step === 'results' ? (
          <Stack gap="sm">
            {state.errors
              .filter((error) => !error.isBlocking)
              .map((error) => (
                <ErrorDetail
                  key={error.type}
                  error={error}
                  browser={browser}
                  withHelp={false}
                  onAction={handleAction}
                  onDismiss={() => dispatch({ type: 'dismissError', errorType: error.type })}
                />
              ))}
            <Stack gap={0} role="list" aria-label={t('mediaCheck.results.statusList')}>
              {rows.map((device) => {
                const status = getDeviceStatus(state, device);
                const messages = getStatusMessage(state, device, status);
                const hasDetail = status === 'error' || status === 'warning';
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
                        onClick={() => openDetail(device)}
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
            {state.errors.some((error) => error.isBlocking) ? (
              <Alert color="red" variant="light" radius="md" data-testid="blocking-note">
                {t('mediaCheck.results.blocked')}
              </Alert>
            ) : null}
            {isPhone ? (
              // Side by side they do not fit a phone ("Start intervie…"): stacked, the way on first.
              <Stack gap="sm" mt="sm">
                {startButton}
                {checkAgainButton}
              </Stack>
            ) : (
              <Group justify="space-between" mt="sm">
                {checkAgainButton}
                {startButton}
              </Group>
            )}
          </Stack>
        ) : null}
      </Stack>

      <Modal
        opened={state.detailDevice !== null}
        onClose={() => dispatch({ type: 'closeDetail' })}
        title={state.detailDevice ? t(`mediaCheck.devices.${state.detailDevice}`) : ''}
        fullScreen={isPhone}
        centered
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
      >
        <Stack gap="sm" data-testid="error-detail">
          {detailErrors.length === 0 ? (
            <Text size="sm">{t('mediaCheck.results.noDetail')}</Text>
          ) : null}
          {detailErrors.map((error) => (
            <ErrorDetail
              key={error.type}
              error={error}
              browser={browser}
              onAction={handleAction}
              onDismiss={
                error.isBlocking
                  ? undefined
                  : () => dispatch({ type: 'dismissError', errorType: error.type })
              }
            />
          ))}
        </Stack>
      </Modal>
    </Paper>
  );
}
