import {
  applicantEditSchema,
  type ApplicantDetails,
  type ApplicantEditInput,
} from '@candid/domain';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../common/forms/use-schema-form';

function valuesOf(info: ApplicantDetails['info']) {
  return {
    fName: info.fName,
    lName: info.lName,
    email: info.email,
    phone: info.phone,
    hometown: info.hometown,
  };
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
  // Each field shows its error as soon as it is edited or left; Save waits for a valid form.
  const form = useSchemaForm(applicantEditSchema, valuesOf(info), { mode: 'all' });
  const { isValid, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    if (await onSave(input)) onCancel();
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
            {...form.textField('fName')}
          />
          <TextInput
            label={t('applicantDetails.edit.lName')}
            autoComplete="off"
            {...form.textField('lName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('applicantDetails.edit.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          {...form.textField('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('applicantDetails.edit.phone')}
            type="tel"
            dir="ltr"
            autoComplete="off"
            {...form.textField('phone')}
          />
          <TextInput
            label={t('applicantDetails.edit.hometown')}
            autoComplete="off"
            {...form.textField('hometown')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('applicantDetails.edit.cancel')}
          </Button>
          <Button type="submit" disabled={!isValid} loading={isSubmitting}>
            {t('applicantDetails.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The edit-applicant dialog: first name required; last name, email, phone and
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
