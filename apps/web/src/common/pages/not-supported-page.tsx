import {
  getBrowsersToSuggest,
  SUPPORTED_BROWSER_NAMES,
  type SupportedBrowserName,
} from '@candid/domain';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandChrome,
  IconBrandEdge,
  IconBrandFirefox,
  IconBrandSafari,
  IconExternalLink,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BROWSER_DOWNLOAD_URLS } from '../browser/browser-downloads';
import { checkBrowserSupport, type BrowserSupport } from '../browser/check-browser-support';
import { PublicLayout } from '../ui/public-layout';

const BROWSER_ICONS: Record<SupportedBrowserName, { icon: Icon; color: string }> = {
  Chrome: { icon: IconBrandChrome, color: 'var(--mantine-color-blue-6)' },
  Firefox: { icon: IconBrandFirefox, color: 'var(--mantine-color-orange-6)' },
  Safari: { icon: IconBrandSafari, color: 'var(--mantine-color-cyan-7)' },
  Edge: { icon: IconBrandEdge, color: 'var(--mantine-color-teal-7)' },
};

function isSupportedBrowserName(name: string): name is SupportedBrowserName {
  return (SUPPORTED_BROWSER_NAMES as readonly string[]).includes(name);
}

interface BrowserCardProps {
  name: SupportedBrowserName;
  actionLabel: string;
  /** The action with the browser's name, for screen readers ("Download Chrome"). */
  accessibleLabel: string;
}

function BrowserCard({ name, actionLabel, accessibleLabel }: BrowserCardProps) {
  const { icon: BrowserIcon, color } = BROWSER_ICONS[name];
  return (
    <Card component="li" withBorder radius="md" padding="lg">
      <Stack align="center" gap={6}>
        <BrowserIcon size={44} stroke={1.5} color={color} aria-hidden />
        <Text fw={700} fz="lg">
          {name}
        </Text>
        <Anchor
          href={BROWSER_DOWNLOAD_URLS[name]}
          target="_blank"
          rel="noopener noreferrer"
          fz="sm"
          fw={600}
          aria-label={accessibleLabel}
        >
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            {actionLabel}
            <IconExternalLink size={14} aria-hidden />
          </span>
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * Shown instead of the app in a browser the product does not support: the four
 * supported browsers with their download pages, or, when only the version is too old, the
 * current browser with a request to update it.
 */
export function NotSupportedPage({
  support = checkBrowserSupport(navigator.userAgent),
}: {
  support?: BrowserSupport;
}) {
  const { t } = useTranslation();
  const isVersionError = !support.ok && support.reason === 'version';
  const browsers = getBrowsersToSuggest(
    support.ok ? null : support.browserName,
    isVersionError,
  ).filter(isSupportedBrowserName);

  return (
    <PublicLayout>
      <Stack gap="lg" maw={880} mx="auto" px="md" py={{ base: 40, sm: 80 }} ta="center">
        <Stack gap="xs" align="center">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {isVersionError ? t('notSupported.versionTitle') : t('notSupported.title')}
          </Title>
          <Text c="gray.7" fz={{ base: 'md', sm: 'lg' }} maw={560}>
            {isVersionError
              ? t('notSupported.versionText', { browser: browsers[0] })
              : t('notSupported.text')}
          </Text>
        </Stack>
        <SimpleGrid
          component="ul"
          aria-label={t('notSupported.listLabel')}
          cols={{ base: Math.min(browsers.length, 2), sm: browsers.length }}
          spacing="md"
          maw={isVersionError ? 240 : undefined}
          w="100%"
          mx="auto"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {browsers.map((name) => (
            <BrowserCard
              key={name}
              name={name}
              actionLabel={isVersionError ? t('notSupported.update') : t('notSupported.download')}
              accessibleLabel={
                isVersionError
                  ? t('notSupported.updateBrowser', { browser: name })
                  : t('notSupported.downloadBrowser', { browser: name })
              }
            />
          ))}
        </SimpleGrid>
      </Stack>
    </PublicLayout>
  );
}

export default NotSupportedPage;
