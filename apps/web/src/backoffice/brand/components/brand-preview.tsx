import { PRODUCT_NAME } from '@candid/domain';
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../common/ui/brand-mark';

/**
 * What a candidate will see, drawn with the colour being chosen (not yet saved): the header with
 * the logo and, when shown, Candid's mark, the primary button with its white label, and a link.
 */
export function BrandPreview({
  logoUrl,
  accent,
  showVendorMark,
  companyName,
}: {
  logoUrl: string;
  /** A readable `#rrggbb`; null: Candid's own primary colour. */
  accent: string | null;
  showVendorMark: boolean;
  companyName: string;
}) {
  const { t } = useTranslation();
  const colour = accent ?? 'var(--mantine-color-indigo-filled)';
  const link = accent ?? 'var(--mantine-color-anchor)';
  return (
    <Paper
      withBorder
      radius="md"
      bg="gray.0"
      data-testid="brand-preview"
      aria-label={t('brand.preview')}
    >
      <Group
        h={52}
        px="md"
        justify="space-between"
        wrap="nowrap"
        bg="white"
        style={{
          borderBlockEnd: '1px solid var(--mantine-color-gray-2)',
          borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0',
        }}
      >
        <Box miw={0}>
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={companyName}
              style={{ height: 30, maxWidth: 140, objectFit: 'contain', display: 'block' }}
            />
          ) : showVendorMark ? (
            <Group gap={8} wrap="nowrap">
              <BrandMark size={24} />
              <Text fw={800}>{PRODUCT_NAME}</Text>
            </Group>
          ) : (
            <Text fw={800} truncate>
              {companyName}
            </Text>
          )}
        </Box>
        {logoUrl && showVendorMark ? (
          <Group gap={6} wrap="nowrap">
            <Text fz="xs" c="dimmed" visibleFrom="xs">
              {t('brand.poweredBy')}
            </Text>
            <BrandMark size={16} />
          </Group>
        ) : null}
      </Group>
      <Stack gap="sm" p="md" align="flex-start">
        <Box
          component="span"
          data-testid="brand-preview-button"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
            background: colour,
            color: '#fff',
            fontWeight: 600,
            borderRadius: 'var(--mantine-radius-md)',
            padding: '10px 18px',
          }}
        >
          <IconPlayerPlay size={16} aria-hidden />
          {t('brand.previewButton')}
        </Box>
        <Anchor component="span" c={link} underline="always" fz="sm">
          {t('brand.previewLink')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
