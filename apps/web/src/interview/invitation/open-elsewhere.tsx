import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandChrome, IconCopy, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../common/ui/copy-to-clipboard';
import { withMoreStyles } from '../../common/ui/mantine-styles';
import {
  androidChromeIntent,
  IN_APP_BROWSER_NAMES,
  type InAppBrowser,
} from '../media/in-app-browser';

// The QR dialog (Modal's rules are in the second Mantine stylesheet) and its encoder load when
// first asked for.
const loadPhoneQrModal = withMoreStyles(() => import('./phone-qr-modal'));
const PhoneQrModal = lazy(() => loadPhoneQrModal().then((m) => ({ default: m.PhoneQrModal })));

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
 * (its camera, or no webcam here). The answers are recorded on whichever device opens it. The
 * dialog, its styles and the QR encoder load only when asked for: the invitation's first screen
 * carries only the button.
 */
export function ContinueOnPhone({ url }: { url: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconDeviceMobile size={18} aria-hidden />}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadPhoneQrModal()}
        data-testid="continue-on-phone"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('onboarding.phone.button')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <PhoneQrModal url={url} opened={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
