import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandChrome, IconCopy, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../../common/lazy/lazy-with-timeout';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../common/ui/copy-to-clipboard';
import { withMoreStyles } from '../../common/ui/mantine-styles';
import {
  androidChromeIntent,
  IN_APP_BROWSER_NAMES,
  type InAppBrowser,
} from '../../common/browser/in-app-browser';

// The QR dialog (Modal's rules are in the second Mantine stylesheet) and its encoder load when
// first asked for.
const loadPhoneQrModal = withMoreStyles(() => import('./phone-qr-modal'));
const PhoneQrModal = lazyWithTimeout(() =>
  loadPhoneQrModal().then((m) => ({ default: m.PhoneQrModal })),
);

/**
 * For a candidate who opened the link inside an app (Instagram, Facebook, Messenger, LinkedIn,
 * TikTok, Gmail…): that app's browser may not record reliably, so the invitation says so first
 * and offers the way out. On Android an "Open in Chrome" link (an intent the app hands to the
 * system); on iOS, where no link can leave the app, what to tap to open Safari; everywhere a
 * copy of the link to paste into the browser, and on iOS its QR code for another device.
 */
export function InAppBrowserNotice({
  app,
  url,
  system,
}: {
  app: InAppBrowser;
  url: string;
  system: 'ios' | 'android' | null;
}) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const name = IN_APP_BROWSER_NAMES[app];
  const intent = system === 'android' ? androidChromeIntent(url) : null;
  const isIos = system === 'ios';
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      icon={<IconExternalLink size={20} aria-hidden />}
      title={isIos ? t('onboarding.inApp.safariTitle') : t('onboarding.inApp.title')}
      data-testid="in-app-notice"
      data-system={system ?? 'other'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {name ? t('onboarding.inApp.body', { app: name }) : t('onboarding.inApp.bodyGeneric')}
        </Text>
        {isIos ? (
          <Text size="sm" fw={500} data-testid="safari-steps">
            {t('onboarding.inApp.safariSteps')}
          </Text>
        ) : null}
        <Group gap="sm">
          {intent ? (
            <Button
              component="a"
              href={intent}
              mih={44}
              leftSection={<IconBrandChrome size={18} aria-hidden />}
            >
              {t('onboarding.inApp.openChrome')}
            </Button>
          ) : null}
          <Button
            mih={44}
            variant={intent ? 'default' : 'filled'}
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(url).then(setCopied)}
          >
            {t('onboarding.inApp.copy')}
          </Button>
          {isIos ? <ContinueOnPhone url={url} label={t('onboarding.inApp.otherDevice')} /> : null}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {isCopied
            ? t('onboarding.inApp.copied')
            : system === 'android'
              ? t('onboarding.inApp.androidHint')
              : isIos
                ? null
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
export function ContinueOnPhone({ url, label }: { url: string; label?: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        mih={44}
        leftSection={<IconDeviceMobile size={18} aria-hidden />}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadPhoneQrModal()}
        data-testid="continue-on-phone"
        style={{ alignSelf: 'flex-start' }}
      >
        {label ?? t('onboarding.phone.button')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <PhoneQrModal url={url} opened={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
