import { canManageBrand } from '@candid/domain';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useOrgBrand } from '../api/brand';
import { BrandForm } from '../components/brand-form';
import { BrandPreview } from '../components/brand-preview';

/**
 * The brand on candidate pages (`/backoffice/brand`): the owner sets the company's logo, the
 * accent colour and whether Candid's mark shows to candidates; members see what candidates see
 * and that the owner decides.
 */
export function BrandPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const brand = useOrgBrand();
  const canManage = Boolean(user && canManageBrand(user));
  const companyName = user?.companyName ?? '';
  let body;
  if (brand.isPending) body = <Skeleton h={320} radius="lg" />;
  else if (brand.isError) body = <Text c="red.8">{t('brand.loadFailed')}</Text>;
  else if (canManage) body = <BrandForm saved={brand.data} companyName={companyName} />;
  else {
    body = (
      <Stack gap="md">
        <Text data-testid="owner-only">{t('brand.ownerOnly')}</Text>
        <BrandPreview
          logoUrl={brand.data.logoUrl}
          accent={brand.data.accentColor}
          showVendorMark={brand.data.showVendorMark}
          companyName={companyName}
        />
      </Stack>
    );
  }
  return (
    <BackofficeLayout>
      <Stack gap="xl" maw={860}>
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('brand.title')}
          </Title>
          <Text c="gray.7">{t('brand.hint')}</Text>
        </Stack>
        {body}
      </Stack>
    </BackofficeLayout>
  );
}

export default BrandPage;
