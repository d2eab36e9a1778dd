import type { OrgBrand } from '@candid/domain';
import { Badge, Box, Container, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CandidateBrand } from '../../brand/candidate-brand';
import { CandidateHeader } from '../../brand/candidate-header';

/**
 * The candidate pages' frame in the organisation's brand (its logo in the header, its accent as
 * the primary colour): the header, a preview ribbon in demo mode, the content. `brand`
 * undefined: still loading; null: none known (Candid's own).
 */
export function InterviewFrame({
  isDemo,
  brand,
  companyName,
  children,
}: {
  isDemo?: boolean;
  brand: OrgBrand | null | undefined;
  companyName?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CandidateBrand accentColor={brand?.accentColor}>
      <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
        <Box bg="white">
          <CandidateHeader brand={brand} companyName={companyName} />
        </Box>
        {isDemo ? (
          <Box bg="yellow.1" py={6} px="md" data-testid="demo-banner">
            <Group justify="center" gap="xs" wrap="nowrap">
              <Badge
                color="yellow"
                variant="filled"
                leftSection={<IconEye size={12} aria-hidden />}
              >
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
    </CandidateBrand>
  );
}
