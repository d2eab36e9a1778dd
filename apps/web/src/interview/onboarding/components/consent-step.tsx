import {
  STANDARD_CONSENT_VERSION,
  standardConsentNotice,
  type CandidateConsent,
  type Language,
  type PublicJob,
} from '@candid/domain';
import { Box, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';

/**
 * The consent notice before anything is recorded (docs/features.md, "Consent notice"): what is
 * recorded, who sees it, how long it is kept and how to ask for deletion, in the candidate's
 * language. Agreeing (the box, then Continue) hands the version read to the start; declining
 * ends the interview with nothing recorded and no applicant made.
 */
export function ConsentStep({
  job,
  language,
  onAccept,
  onDecline,
}: {
  job: PublicJob;
  language: Language;
  onAccept: (consent: CandidateConsent) => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [isChecked, setIsChecked] = useState(false);
  const notice = job.consentNotice ?? {
    version: STANDARD_CONSENT_VERSION,
    texts: {
      en: standardConsentNotice('en', { company: job.company.name, retentionMonths: null }),
      he: standardConsentNotice('he', { company: job.company.name, retentionMonths: null }),
    },
  };
  return (
    <Stack gap="md" data-testid="consent-step">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
          {t('onboarding.consent.title')}
        </Title>
        <Text c="gray.7" fz="sm">
          {t('onboarding.consent.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={0}>
        {/* The whole notice, no inner scrolling: the page scrolls (one scroll on a phone). */}
        <Text
          p="md"
          fz="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="consent-text"
          data-version={notice.version}
        >
          {notice.texts[language]}
        </Text>
      </Paper>
      {/* The whole row is the label: a finger may tap the words as well as the box (44 px). */}
      <Box
        component="label"
        style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 44, cursor: 'pointer' }}
      >
        <Checkbox
          checked={isChecked}
          onChange={(event) => setIsChecked(event.currentTarget.checked)}
          size="md"
          data-testid="consent-agree"
        />
        <Text component="span">{t('onboarding.consent.agree')}</Text>
      </Box>
      <Group
        justify="space-between"
        gap="sm"
        wrap={isPhone ? 'wrap' : 'nowrap'}
        style={isPhone ? { flexDirection: 'column-reverse', alignItems: 'stretch' } : undefined}
      >
        <Button
          variant="default"
          size="md"
          fullWidth={isPhone}
          onClick={onDecline}
          data-testid="consent-decline"
        >
          {t('onboarding.consent.decline')}
        </Button>
        <Button
          size="md"
          fullWidth={isPhone}
          disabled={!isChecked}
          data-testid="consent-accept"
          onClick={() => onAccept({ version: notice.version, language })}
        >
          {t('onboarding.consent.accept')}
        </Button>
      </Group>
    </Stack>
  );
}

/** After "Decline": the interview ends politely, nothing recorded, no applicant made. */
export function ConsentDeclined() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="center" ta="center" py="xl" data-testid="consent-declined">
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
        {t('onboarding.consent.declinedTitle')}
      </Title>
      <Text c="gray.8">{t('onboarding.consent.declinedText')}</Text>
    </Stack>
  );
}
