import { CONSENT_NOTICE_MAX_LENGTH, type Language } from '@candid/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { showAlert } from '../../../common/stores/alert-store';
import { consentNoticeKey, saveConsentNotice, useConsentNotice } from '../api/consent-notice';

const NOTICE_LANGUAGES: { language: Language; labelKey: string }[] = [
  { language: 'en', labelKey: 'consentNotice.english' },
  { language: 'he', labelKey: 'consentNotice.hebrew' },
];

/**
 * The owner writes the notice candidates accept before anything is recorded, per interview
 * language; a blank language shows the standard text (filled in here to start from). Each saved
 * change is a new version; applicants keep the text they accepted.
 */
export function ConsentNoticeSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const notice = useConsentNotice(true);
  const [drafts, setDrafts] = useState<Partial<Record<Language, string>>>({});

  const save = useMutation({
    mutationFn: (texts: Record<Language, string>) => saveConsentNotice(api, { texts }),
    onSuccess: (next) => {
      queryClient.setQueryData(consentNoticeKey, next);
      setDrafts({});
      showAlert({ type: 'success', key: 'consentNotice.saved' });
    },
    onError: (error) =>
      showAlert({
        type: 'fail',
        key: isApiClientError(error) ? error.i18nKey : 'consentNotice.saveFailed',
      }),
  });

  if (notice.isPending) return <Skeleton h={200} radius="lg" />;
  if (notice.isError) return <Text c="red.8">{t('consentNotice.loadFailed')}</Text>;
  const data = notice.data;
  const shown = (language: Language) =>
    drafts[language] ?? (data.texts[language] || data.standard[language]);
  // A text equal to the standard one is saved blank: it then follows the retention period.
  const toSave = (language: Language) => {
    const text = shown(language).trim();
    return text === data.standard[language].trim() ? '' : text;
  };
  const isChanged = NOTICE_LANGUAGES.some(
    ({ language }) => toSave(language) !== data.texts[language],
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="consent-notice">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('consentNotice.title')}
          </Title>
          <Text c="gray.7" fz="sm">
            {t('consentNotice.hint')}
          </Text>
          <Text fz="sm" fw={600} data-testid="consent-notice-version">
            {data.version === 0
              ? t('consentNotice.standardInUse')
              : t('consentNotice.version', { version: data.version })}
          </Text>
        </Stack>
        {NOTICE_LANGUAGES.map(({ language, labelKey }) => (
          <Textarea
            key={language}
            label={t(labelKey)}
            value={shown(language)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDrafts((current) => ({ ...current, [language]: value }));
            }}
            dir={language === 'he' ? 'rtl' : 'ltr'}
            autosize
            minRows={6}
            maxRows={16}
            maxLength={CONSENT_NOTICE_MAX_LENGTH}
          />
        ))}
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={() => setDrafts({ en: data.standard.en, he: data.standard.he })}
          >
            {t('consentNotice.useStandard')}
          </Button>
          <Button
            disabled={!isChanged}
            loading={save.isPending}
            onClick={() => save.mutate({ en: toSave('en'), he: toSave('he') })}
          >
            {t('consentNotice.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
