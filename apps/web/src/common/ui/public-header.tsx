import { PRODUCT_NAME } from '@candid/domain';
import { Box, Group, Text } from '@mantine/core';
import { LanguageSwitch } from '../i18n/language-switch';
import { BrandMark } from './brand-mark';

/** The header of pages shown without the back-office shell: product name and language switch. */
export function PublicHeader() {
  return (
    <Box
      component="header"
      px={{ base: 'md', sm: 'xl' }}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group h={60} justify="space-between" wrap="nowrap">
        <Group gap={10} wrap="nowrap">
          <BrandMark />
          <Text component="span" fw={800} fz="xl" lts={-0.3}>
            {PRODUCT_NAME}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
    </Box>
  );
}
