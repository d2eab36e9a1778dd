import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconBrandChrome, IconCopy, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../common/ui/copy-to-clipboard';
import {
  androidChromeIntent,
  IN_APP_BROWSER_NAMES,
  type InAppBrowser,
} from '../media/in-app-browser';

// The QR encoder loads only when a candidate on a computer asks for the code.
const QrCode = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/**
 * For a candidate who opened the link inside an app (Facebook, Instagram, LinkedIn, TikTok,
 * Gmail…): that app's browser may not record reliably, so the invitation says so first and
 * offers the way out: on Android an "Open in Chrome" link (an intent the app hands to the
 * system), everywhere a copy of the link to paste into the browser, and the menu to look for.
 */
export function InAppBrowserNotice({
  app,
  url,
  isAndroid,
}: {
  app: InAppBrowser;
  url: string;
  isAndroid: boolean;
}) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const name = IN_APP_BROWSER_NAMES[app];
  const intent = isAndroid ? androidChromeIntent(url) : null;
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      icon={<IconExternalLink size={20} aria-hidden />}
      title={t('onboarding.inApp.title')}
      data-testid="in-app-notice"
    >
      <Stack gap="sm">
        <Text size="sm">
          {name ? t('onboarding.inApp.body', { app: name }) : t('onboarding.inApp.bodyGeneric')}
        </Text>
        <Group gap="sm">
          {intent ? (
            <Button
              component="a"
              href={intent}
              size="sm"
              leftSection={<IconBrandChrome size={18} aria-hidden />}
            >
              {t('onboarding.inApp.openChrome')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={intent ? 'default' : 'filled'}
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(url).then(setCopied)}
          >
            {t('onboarding.inApp.copy')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {isCopied
            ? t('onboarding.inApp.copied')
            : isAndroid
              ? t('onboarding.inApp.androidHint')
              : t('onboarding.inApp.iosHint')}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * For a candidate on a computer: a QR code of this very link, to answer on the phone instead
 * (its camera, or no webcam here). The answers are recorded on whichever device opens it.
 */
export function ContinueOnPhone({ url }: { url: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="continue-on-phone"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={6} wrap="nowrap">
          <IconDeviceMobile size={18} aria-hidden />
          {t('onboarding.phone.button')}
        </Group>
      </Anchor>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t('onboarding.phone.title')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('onboarding.phone.close') }}
      >
        <Stack align="center" gap="md">
          <Text size="sm">{t('onboarding.phone.body')}</Text>
          <Suspense fallback={<Loader size="lg" aria-label={t('onboarding.phone.qrLabel')} />}>
            <QrCode
              value={url}
              size={220}
              marginSize={2}
              title={t('onboarding.phone.qrLabel')}
              role="img"
              aria-label={t('onboarding.phone.qrLabel')}
              data-testid="phone-qr"
              data-value={url}
            />
          </Suspense>
        </Stack>
      </Modal>
    </>
  );
}
