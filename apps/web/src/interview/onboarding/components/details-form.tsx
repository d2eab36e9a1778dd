import {
  candidateDetailsSchema,
  canUploadCv,
  CV_ACCEPT,
  validateCvFile,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type FieldName = keyof CandidateDetails;
type FormErrors = Partial<Record<FieldName | 'cv', string>>;

const FIELDS: readonly { name: FieldName; type: string; autoComplete: string }[] = [
  { name: 'fName', type: 'text', autoComplete: 'given-name' },
  { name: 'lName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'hometown', type: 'text', autoComplete: 'address-level2' },
];

const EMPTY: CandidateDetails = { fName: '', lName: '', email: '', phone: '', hometown: '' };

function trimAll(values: CandidateDetails): CandidateDetails {
  return {
    fName: values.fName.trim(),
    lName: values.lName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    hometown: values.hometown.trim(),
  };
}

/**
 * Checks the candidate form (spec §5): the domain schema for the fields, validateCvFile for the
 * CV (required only when the job says so). Answers i18n keys by field.
 */
export function validateCandidateForm(
  values: CandidateDetails,
  cv: File | null,
  rule: { isCvRequired: boolean },
): FormErrors {
  const errors: FormErrors = {};
  const parsed = candidateDetailsSchema.safeParse(trimAll(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName;
      errors[field] ??= issue.message;
    }
  }
  const cvCheck = validateCvFile(cv, rule);
  if (!cvCheck.ok) errors.cv = cvCheck.key;
  return errors;
}

/**
 * Step 0 (spec §4, §5): first and last name, email, phone, hometown, and the CV when the job
 * requires it. Errors appear on submit; once shown, a field is checked again when it loses focus.
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
  const [values, setValues] = useState<CandidateDetails>(initialValues ?? EMPTY);
  const [cv, setCv] = useState<File | null>(initialCv ?? null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const rule = { isCvRequired };
  const isCvEnabled = canUploadCv(values);

  function revalidate(field: FieldName | 'cv', nextValues = values, nextCv = cv) {
    if (!isSubmitted && field !== 'cv') return;
    const all = validateCandidateForm(nextValues, nextCv, rule);
    setErrors((previous) => ({ ...previous, [field]: all[field] }));
  }

  function handleCv(file: File | null) {
    if (!file) return;
    setCv(file);
    const check = validateCvFile(file, rule);
    setErrors((previous) => ({ ...previous, cv: check.ok ? undefined : check.key }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validateCandidateForm(values, cv, rule);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(`candidate-${first.name}`)?.focus();
      return;
    }
    onSubmit(trimAll(values), cv);
  }

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
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                label={t(`onboarding.details.fields.${field.name}`)}
                withAsterisk
                dir={field.name === 'email' || field.name === 'phone' ? 'ltr' : undefined}
                value={values[field.name]}
                error={errors[field.name] ? t(errors[field.name]!) : undefined}
                onChange={(event) => {
                  const next = { ...values, [field.name]: event.currentTarget.value };
                  setValues(next);
                }}
                onBlur={() => revalidate(field.name)}
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
                    onClick={() => {
                      setCv(null);
                      revalidate('cv', values, null);
                    }}
                  />
                </Group>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" id="cv-hint">
              {isCvEnabled ? t(VALIDATION_KEYS.CV_HINT) : t('onboarding.details.cvNamesFirst')}
            </Text>
            {errors.cv ? (
              <Text size="sm" c="red" id="cv-error" role="alert">
                {t(errors.cv)}
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
