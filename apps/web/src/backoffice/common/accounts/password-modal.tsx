import { userPasswordBodySchema } from '@candid/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { PasswordField } from '../ui/password-field';

const passwordFormSchema = userPasswordBodySchema.pick({ newPassword: true });

function PasswordForm({
  onCancel,
  onSave,
}: {
  onCancel: () => void;
  onSave: (newPassword: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(passwordFormSchema, { newPassword: '' });
  const submit = form.handleSubmit(async ({ newPassword }) => onSave(newPassword));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('accounts.password.label')}
          description={t('validation.PASSWORD_VALIDATE')}
          autoComplete="new-password"
          data-autofocus
          {...form.textField('newPassword')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('accounts.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Sets an account's password (`PUT user/password/{id}`); the user's other sessions end.
 * The admin's accounts screen and the owner's team screen both use it.
 */
export function PasswordModal({
  account,
  onClose,
  onSave,
}: {
  account: { fName: string; lName: string } | null;
  onClose: () => void;
  onSave: (newPassword: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const name = account ? `${account.fName} ${account.lName}`.trim() : '';
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={t('accounts.password.title', { name })}
      centered
      radius="lg"
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('accounts.password.hint')}
        </Text>
        {account ? <PasswordForm onCancel={onClose} onSave={onSave} /> : null}
      </Stack>
    </Modal>
  );
}
