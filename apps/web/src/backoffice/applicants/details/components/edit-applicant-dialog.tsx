import {
  applicantEditSchema,
  type ApplicantDetails,
  type ApplicantEditInput,
} from '@candid/domain';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

const FIELDS = ['fName', 'lName', 'email', 'phone', 'hometown'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function valuesOf(info: ApplicantDetails['info']): Values {
  return {
    fName: info.fName,
    lName: info.lName,
    email: info.email,
    phone: info.phone,
    hometown: info.hometown,
  };
}

/** The i18n key of each field's first problem, by the domain's edit rule. */
function validate(values: Values): Partial<Record<Field, string>> {
  const result = applicantEditSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function EditApplicantForm({
  info,
  onCancel,
  onSave,
}: {
  info: ApplicantDetails['info'];
  onCancel: () => void;
  onSave: (input: ApplicantEditInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(info));
  // Fields the user has edited or left: their errors show while typing, as they change.
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [isSaving, setIsSaving] = useState(false);
  const errors = validate(values);
  const hasErrors = Object.keys(errors).length > 0;

  const touch = (field: Field) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    const result = applicantEditSchema.safeParse(values);
    if (!result.success) return;
    setIsSaving(true);
    const isSaved = await onSave(result.data);
    setIsSaving(false);
    if (isSaved) onCancel();
  }

  const inputProps = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((previous) => ({ ...previous, [field]: value }));
      touch(field);
    },
    onBlur: () => touch(field),
    error: touched.has(field) && errors[field] ? t(errors[field]) : undefined,
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('applicantDetails.edit.fName')}
            required
            autoComplete="off"
            data-autofocus
            {...inputProps('fName')}
          />
          <TextInput
            label={t('applicantDetails.edit.lName')}
            autoComplete="off"
            {...inputProps('lName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('applicantDetails.edit.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          {...inputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('applicantDetails.edit.phone')}
            type="tel"
            dir="ltr"
            autoComplete="off"
            {...inputProps('phone')}
          />
          <TextInput
            label={t('applicantDetails.edit.hometown')}
            autoComplete="off"
            {...inputProps('hometown')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('applicantDetails.edit.cancel')}
          </Button>
          <Button type="submit" disabled={hasErrors} loading={isSaving}>
            {t('applicantDetails.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The edit-applicant dialog (spec §2, §5): first name required; last name, email, phone and
 * hometown optional (email and phone checked when filled). Save stays disabled while any field
 * has an error, so an invalid form can never be sent.
 */
export function EditApplicantDialog({
  info,
  opened,
  onClose,
  onSave,
}: {
  info: ApplicantDetails['info'];
  opened: boolean;
  onClose: () => void;
  onSave: (input: ApplicantEditInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('applicantDetails.edit.title')}
      centered
      radius="lg"
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the saved details. */}
      {opened ? <EditApplicantForm info={info} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}
