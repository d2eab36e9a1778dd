import { PRODUCT_NAME, type OrgBrand } from '@candid/domain';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../common/i18n/language-switch';
import { BrandMark } from '../../common/ui/brand-mark';

/** Candid's mark and name: the header's lead when the organisation has no logo. */
function VendorMark() {
  return (
    <Group gap={10} wrap="nowrap" data-testid="vendor-mark">
      <BrandMark />
      <Text component="span" fw={800} fz="xl" lts={-0.3}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}

/** "Powered by Candid" beside the company's logo; on a phone the mark alone (named for readers). */
function PoweredBy() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" fz="xs" data-testid="vendor-mark">
      <Text component="span" fz="xs" visibleFrom="xs">
        {t('brand.poweredBy')}
      </Text>
      <VisuallyHidden hiddenFrom="xs">
        {t('brand.poweredByName', { name: PRODUCT_NAME })}
      </VisuallyHidden>
      <BrandMark size={18} />
      <Text component="span" fz="xs" fw={700} c="dark" visibleFrom="xs">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}

/**
 * The candidate pages' header: the company's logo leads (its name when it has none and hides
 * Candid's mark); Candid's mark shows unless the organisation turned it off (then nothing of
 * Candid's appears). `brand` undefined: not known yet (the job is loading), so neither leads and
 * nothing flashes; null: no organisation (Candid's own header).
 */
export function CandidateHeader({
  brand,
  companyName,
}: {
  brand: OrgBrand | null | undefined;
  companyName?: string | undefined;
}) {
  const showVendor = brand === null || (brand !== undefined && brand.showVendorMark);
  let lead = null;
  if (brand?.logoUrl) {
    lead = (
      <Box
        component="img"
        src={brand.logoUrl}
        alt={companyName ?? ''}
        h={36}
        maw={{ base: 140, sm: 200 }}
        w="auto"
        style={{ objectFit: 'contain', display: 'block' }}
        data-testid="company-brand-logo"
      />
    );
  } else if (showVendor) {
    lead = <VendorMark />;
  } else if (brand && companyName) {
    lead = (
      <Text component="span" fw={800} fz="xl" lts={-0.3} truncate data-testid="company-brand-name">
        {companyName}
      </Text>
    );
  }
  return (
    <Box
      component="header"
      px={{ base: 'md', sm: 'xl' }}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group h={60} justify="space-between" wrap="nowrap" gap="sm">
        <Box miw={0}>{lead}</Box>
        <Group gap="md" wrap="nowrap">
          {brand?.logoUrl && showVendor ? <PoweredBy /> : null}
          <LanguageSwitch />
        </Group>
      </Group>
    </Box>
  );
}
