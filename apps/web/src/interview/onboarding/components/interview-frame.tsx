import { Badge, Box, Container, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicHeader } from '../../../common/ui/public-header';

/** The candidate pages' frame: the public header, a preview ribbon in demo mode, the content. */
export function InterviewFrame({ isDemo, children }: { isDemo?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box bg="white">
        <PublicHeader />
      </Box>
      {isDemo ? (
        <Box bg="yellow.1" py={6} px="md" data-testid="demo-banner">
          <Group justify="center" gap="xs" wrap="nowrap">
            <Badge color="yellow" variant="filled" leftSection={<IconEye size={12} aria-hidden />}>
              {t('interview.demo.badge')}
            </Badge>
            <Box component="span" fz="sm">
              {t('interview.demo.text')}
            </Box>
          </Group>
        </Box>
      ) : null}
      <Box component="main" style={{ flex: 1 }} py={{ base: 'md', sm: 'xl' }}>
        <Container size={720} px={{ base: 'sm', sm: 'md' }}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}
