import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logChunkLoadFailure } from '../logging/app-logger';
import { isChunkLoadError } from './lazy-with-timeout';

function ChunkLoadFailed({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Center p="md" mih={240}>
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('chunkLoad.title')}
        maw={480}
        w="100%"
        data-testid="chunk-load-failed"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('chunkLoad.text')}</Text>
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onReload}>
            {t('chunkLoad.reload')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

const reloadPage = () => window.location.reload();

/**
 * Shows a clear error with a Reload button when a lazily loaded part of the app could not be
 * loaded (lazy-with-timeout.ts: too slow, or its file gone after a deploy); other errors pass
 * on to the boundary above. `resetKey` (the address) lets the user try another screen.
 */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; onReload?: () => void },
  { error: unknown; resetKey?: string }
> {
  override state: { error: unknown; resetKey?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { error: unknown; resetKey?: string },
  ) {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) logChunkLoadFailure(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadFailed onReload={this.props.onReload ?? reloadPage} />;
  }
}
