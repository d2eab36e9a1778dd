import {
  candidateFormSchema,
  canUploadCv,
  CV_ACCEPT,
  VALIDATION_KEYS,
  type CandidateDetails,
} from '@candid/domain';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../common/forms/use-schema-form';

type FieldName = keyof CandidateDetails;

const FIELDS: readonly { name: FieldName; type: string; autoComplete: string }[] = [
  { name: 'fName', type: 'text', autoComplete: 'given-name' },
  { name: 'lName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'hometown', type: 'text', autoComplete: 'address-level2' },
];

const EMPTY: CandidateDetails = { fName: '', lName: '', email: '', phone: '', hometown: '' };

/**
 * Step 0: first and last name, email, phone, hometown, and the CV when the job
 * requires it, checked by the domain's candidate form schema. Errors appear on submit (the
 * first invalid field gets focus); after that a field is checked again as it changes. A chosen
 * CV is checked at once.
 */
export function DetailsForm({
  isCvRequired,
  initialValues,
  initialCv,
  onSubmit,
}: {
  isCvRequired: boolean;
  initialValues?: CandidateDetails | null;
  initialCv?: File | null;
  onSubmit: (details: CandidateDetails, cv: File | null) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => candidateFormSchema({ isCvRequired }), [isCvRequired]);
  const form = useSchemaForm(schema, { ...(initialValues ?? EMPTY), cv: initialCv ?? null });
  const [fName, lName, cvValue] = form.watch(['fName', 'lName', 'cv']);
  // The form holds what the browser gave: a File (or null), never another shape.
  const cv = cvValue as File | null;
  // A required CV waits for both names (the product's rule); an optional one is there from the
  // start, so a candidate who has their CV at hand is not told to come back for it.
  const isCvEnabled = !isCvRequired || canUploadCv({ fName, lName });
  const cvError = form.errorOf('cv');

  function handleCv(file: File | null) {
    if (!file) return;
    form.setValue('cv', file, { shouldValidate: true });
  }

  const handleSubmit = form.handleSubmit(({ cv: chosen, ...details }) =>
    onSubmit(details, chosen as File | null),
  );

  return (
    <Paper radius="lg" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={handleSubmit} aria-labelledby="details-title">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} id="details-title" fz={{ base: 22, sm: 26 }}>
              {t('onboarding.details.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('onboarding.details.subtitle')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                id={`candidate-${field.name}`}
                type={field.type}
                autoComplete={field.autoComplete}
                label={t(`onboarding.details.fields.${field.name}`)}
                withAsterisk
                dir={field.name === 'email' || field.name === 'phone' ? 'ltr' : undefined}
                {...form.textField(field.name)}
              />
            ))}
          </SimpleGrid>
          <Stack gap={6}>
            <Text fw={500} size="sm" id="cv-label">
              {t('onboarding.details.cv')}
              {isCvRequired ? (
                <Text span c="red" aria-hidden>
                  {' *'}
                </Text>
              ) : (
                <Text span c="dimmed" size="xs">
                  {` (${t('onboarding.details.optional')})`}
                </Text>
              )}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <FileButton onChange={handleCv} accept={CV_ACCEPT} disabled={!isCvEnabled} name="cv">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    disabled={!isCvEnabled}
                    aria-describedby="cv-hint cv-error"
                  >
                    {cv ? t('onboarding.details.replaceCv') : t('onboarding.details.uploadCv')}
                  </Button>
                )}
              </FileButton>
              {cv ? (
                <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileText size={18} aria-hidden />
                  <Text size="sm" truncate data-testid="cv-name">
                    {cv.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('onboarding.details.removeCv')}
                    onClick={() =>
                      form.setValue('cv', null, { shouldValidate: form.formState.isSubmitted })
                    }
                  />
                </Group>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" id="cv-hint">
              {isCvEnabled ? t(VALIDATION_KEYS.CV_HINT) : t('onboarding.details.cvNamesFirst')}
            </Text>
            {cvError ? (
              <Text size="sm" c="red" id="cv-error" role="alert">
                {cvError}
              </Text>
            ) : null}
          </Stack>
          <Button type="submit" size="md" fullWidth>
            {t('onboarding.details.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
