import { Box, Button, Container, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useViewAs } from '../session/view-as';

/**
 * While an admin views the back office as another account: who, and the way back.
 * It sits above the header on every back-office page, so it cannot be missed.
 */
export function ViewAsBanner() {
  const { t } = useTranslation();
  const { viewAs, stop } = useViewAs();
  if (!viewAs) return null;
  const name = `${viewAs.fName} ${viewAs.lName}`.trim();
  return (
    <Box bg="orange.1" role="region" aria-label={t('viewAs.region')} data-testid="view-as-banner">
      <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <IconEye size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm" fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {t('viewAs.banner', { name })}{' '}
              <Text component="bdi" dir="ltr" fz="sm" fw={400} c="dark.4">
                {viewAs.email}
              </Text>
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={stop}
          >
            {t('viewAs.leave')}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
