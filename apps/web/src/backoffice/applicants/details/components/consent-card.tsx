import type { ApplicantConsent, Language } from '@candid/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from './note-parts';

/**
 * The consent the candidate gave before anything was recorded (docs/features.md, "Consent
 * notice"): when and which version, and the exact text it read in a dialog.
 */
export function ConsentCard({
  consent,
  language,
}: {
  consent: ApplicantConsent;
  language: Language;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Group gap="xs" wrap="wrap" data-testid="applicant-consent">
      <IconShieldCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
      <Text fz="sm">{t('applicantDetails.consent.given')}</Text>
      <DateTimeText iso={consent.at} language={language} />
      <Text fz="xs" c="gray.7" data-testid="applicant-consent-version">
        {consent.version === 0
          ? t('applicantDetails.consent.standardVersion')
          : t('applicantDetails.consent.version', { version: consent.version })}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={() => setIsOpen(true)}>
        {t('applicantDetails.consent.read')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('applicantDetails.consent.title')}
        centered
      >
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="applicant-consent-text">
          {consent.text}
        </Text>
      </Modal>
    </Group>
  );
}
