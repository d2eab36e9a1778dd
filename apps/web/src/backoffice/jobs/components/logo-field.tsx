import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../common/images/image-upload-field';

/**
 * The job's company logo: image types only, square, at most 200 KB; a larger file is refused
 * with "File size is too large" before anything is uploaded.
 */
export function LogoField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation();
  return (
    <ImageUploadField
      kind="logo"
      label={t('jobEditor.logo')}
      url={value}
      size={64}
      placeholder={<IconBuilding size={28} aria-hidden />}
      onChange={onChange}
    />
  );
}
