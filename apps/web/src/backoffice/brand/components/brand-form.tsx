import {
  accentContrast,
  formatContrast,
  HEX_COLOUR_PATTERN,
  isReadableAccent,
  MIN_ACCENT_CONTRAST,
  type OrgBrand,
} from '@candid/domain';
import { Badge, Button, ColorInput, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { showAlert } from '../../../common/stores/alert-store';
import { ImageUploadField } from '../../common/images/image-upload-field';
import { brandKey, saveOrgBrand } from '../api/brand';
import { BrandPreview } from './brand-preview';

/** Swatches to start from: each reads at 4.5:1 with white. */
const SWATCHES = ['#1d4ed8', '#0f766e', '#15803d', '#b91c1c', '#7e22ce', '#c2410c', '#334155'];

/**
 * The owner's brand form: the logo (uploaded at once, saved with the rest), the accent colour
 * with its contrast against white shown live (a colour below 4.5:1 is refused here, before
 * saving, as the server would), the Candid mark's switch, and a preview of a candidate's header,
 * button and link.
 */
export function BrandForm({ saved, companyName }: { saved: OrgBrand; companyName: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [logoUrl, setLogoUrl] = useState(saved.logoUrl);
  const [colour, setColour] = useState(saved.accentColor ?? '');
  const [showVendorMark, setShowVendorMark] = useState(saved.showVendorMark);

  const typed = colour.trim();
  const isWellFormed = HEX_COLOUR_PATTERN.test(typed);
  const ratio = isWellFormed ? accentContrast(typed) : null;
  const accent = isWellFormed && isReadableAccent(typed) ? typed.toLowerCase() : null;
  let colourError: string | null = null;
  if (typed && !isWellFormed) colourError = t('validation.COLOUR_VALIDATE');
  else if (typed && !accent) colourError = t('validation.ACCENT_CONTRAST_VALIDATE');
  const next = { logoUrl, accentColor: typed ? accent : null, showVendorMark };
  const isChanged =
    next.logoUrl !== saved.logoUrl ||
    next.accentColor !== saved.accentColor ||
    next.showVendorMark !== saved.showVendorMark;

  const save = useMutation({
    mutationFn: () => saveOrgBrand(api, next),
    onSuccess: (answer) => {
      queryClient.setQueryData(brandKey, answer);
      setColour(answer.accentColor ?? '');
      showAlert({ type: 'success', key: 'brand.saved' });
    },
    onError: (error) =>
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'brand.saveFailed',
      }),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="brand-form">
      <Stack gap="lg">
        <ImageUploadField
          kind="logo"
          label={t('brand.logo')}
          url={logoUrl}
          placeholder={(companyName || '?').trim().charAt(0).toUpperCase()}
          onChange={setLogoUrl}
        />
        <Stack gap={6}>
          <ColorInput
            label={t('brand.accent')}
            description={t('brand.accentHint')}
            placeholder={t('brand.accentPlaceholder')}
            value={colour}
            onChange={setColour}
            format="hex"
            withEyeDropper={false}
            swatches={SWATCHES}
            swatchesPerRow={7}
            error={colourError}
            maw={360}
            dir="ltr"
            data-testid="brand-accent"
          />
          {ratio !== null ? (
            <Group gap="xs" data-testid="brand-contrast">
              <Text fz="sm">
                {t('brand.contrast', { ratio: formatContrast(ratio), min: MIN_ACCENT_CONTRAST })}
              </Text>
              <Badge color={accent ? 'green' : 'red'} variant="light">
                {accent ? t('brand.contrastPass') : t('brand.contrastFail')}
              </Badge>
            </Group>
          ) : (
            <Text fz="sm" c="gray.7">
              {t('brand.accentDefault')}
            </Text>
          )}
        </Stack>
        <Switch
          label={t('brand.showVendorMark')}
          description={t('brand.showVendorMarkHint')}
          checked={showVendorMark}
          onChange={(event) => setShowVendorMark(event.currentTarget.checked)}
        />
        <Stack gap={6}>
          <Title order={3} fz="md">
            {t('brand.preview')}
          </Title>
          <BrandPreview
            logoUrl={logoUrl}
            accent={accent}
            showVendorMark={showVendorMark}
            companyName={companyName}
          />
        </Stack>
        <Group justify="flex-end">
          <Button
            disabled={!isChanged || colourError !== null}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('brand.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
