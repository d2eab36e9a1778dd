import { Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** The "continue on your phone" dialog: the invitation link as a QR code to scan. */
export function PhoneQrModal({
  url,
  opened,
  onClose,
}: {
  url: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('onboarding.phone.title')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('onboarding.phone.close') }}
    >
      <Stack align="center" gap="md">
        <Text size="sm">{t('onboarding.phone.body')}</Text>
        <QRCodeSVG
          value={url}
          size={220}
          marginSize={2}
          title={t('onboarding.phone.qrLabel')}
          role="img"
          aria-label={t('onboarding.phone.qrLabel')}
          data-testid="phone-qr"
          data-value={url}
        />
      </Stack>
    </Modal>
  );
}
