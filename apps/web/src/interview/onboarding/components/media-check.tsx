import {
  FACE_GUIDE_MESSAGES,
  MEDIA_CHECK_TICKS,
  type InterviewErrorAction,
  type InterviewErrorDevice,
} from '@candid/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCamera, IconMicrophone, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';
import {
  readDevicePreferences,
  writeDevicePreferences,
  type DevicePreferences,
} from '../../media/device-preferences';
import { canOfferFaceSkip } from '../../media/media-check-reducer';
import { useMediaCheck, type MediaCheckHandover } from '../../media/use-media-check';
import { ensureFiniteDuration } from '../../media/playable-recording';
import { DeviceSettings } from './device-settings';
import { DeviceStatusList, ICONS, type RowDevice } from './device-status-list';
import { ErrorDetail } from './error-detail';

/**
 * Step 1: intro → ~5 s sample → results. Start is offered only when the check says
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
  // While something is wrong, checking again is the way on: it is the primary button then.
  const checkAgainButton = (
    <Button
      variant={isReady ? 'default' : 'filled'}
      fullWidth={isPhone}
      onClick={() => void run()}
      data-testid="check-again"
    >
      {t('mediaCheck.results.checkAgain')}
    </Button>
  );
  const isFaceFailed = state.step === 'results' && state.face === 'failed' && !state.isFaceSkipped;
  // The live camera while the candidate adjusts light and position (the sample shows the past).
  const isLivePreview = state.step === 'recording' || (isFaceFailed && state.isVideoReady);
  const startButton = (
    <Button
      variant={isReady ? 'filled' : 'default'}
      fullWidth={isPhone}
      disabled={!isReady}
      loading={isStarting}
      onClick={() => onReady(handOver(), devices)}
      data-testid="start-interview"
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
                : isLivePreview
                  ? t('mediaCheck.face.liveText')
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
              display: isLivePreview ? 'block' : 'none',
            }}
          />
          {state.step === 'results' && isLivePreview ? (
            <Badge
              pos="absolute"
              top={8}
              color="red"
              variant="filled"
              style={{ insetInlineStart: 8 }}
              data-testid="live-badge"
            >
              {t('mediaCheck.face.live')}
            </Badge>
          ) : null}
          {state.step === 'results' && !isLivePreview && clipUrl ? (
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
          {state.step === 'results' && !isLivePreview && !clipUrl ? (
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
            <DeviceStatusList state={state} rows={rows} onOpenDetail={openDetail} />
            {isFaceFailed ? (
              <Paper withBorder radius="md" p="md" data-testid="face-guide">
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    {t('mediaCheck.face.guideTitle')}
                  </Text>
                  <List size="sm" spacing={4}>
                    {FACE_GUIDE_MESSAGES.map((key) => (
                      <List.Item key={key}>{t(key)}</List.Item>
                    ))}
                  </List>
                </Stack>
              </Paper>
            ) : state.errors.some((error) => error.isBlocking) ? (
              <Alert color="red" variant="light" radius="md" data-testid="blocking-note">
                {t('mediaCheck.results.blocked')}
              </Alert>
            ) : null}
            {state.isFaceSkipped ? (
              <Alert color="yellow" variant="light" radius="md" data-testid="face-skipped-note">
                {t('mediaCheck.face.skippedNote')}
              </Alert>
            ) : null}
            {isPhone ? (
              // Side by side they do not fit a phone ("Start intervie…"): stacked, always in this
              // order. Swapping them as the check settles moved "Check again" under a finger
              // reaching for "Start"; the filled variant already shows which one leads.
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
            {canOfferFaceSkip(state) ? (
              <Stack gap="xs" mt="xs" data-testid="face-skip">
                <Text size="sm" c="dimmed">
                  {t('mediaCheck.face.skipExplain')}
                </Text>
                <Button
                  variant="subtle"
                  fullWidth={isPhone}
                  loading={isStarting}
                  style={{ alignSelf: isPhone ? undefined : 'flex-start' }}
                  onClick={() => onReady(handOver({ skipFace: true }), devices)}
                >
                  {t('mediaCheck.face.skip')}
                </Button>
              </Stack>
            ) : null}
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
