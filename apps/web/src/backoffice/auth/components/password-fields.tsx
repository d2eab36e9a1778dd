import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextFieldProps } from '../../../common/forms/use-schema-form';
import { PasswordField } from '../../common/ui/password-field';

/**
 * A new password and its confirmation. The hint under the password states the whole rule (the
 * PASSWORD_VALIDATE text) until an error replaces it.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel,
  confirmLabel,
}: {
  password: TextFieldProps;
  confirmPassword: TextFieldProps;
  passwordLabel: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        withAsterisk
        description={password.error ? undefined : t('validation.PASSWORD_VALIDATE')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...password}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        {...confirmPassword}
      />
    </Stack>
  );
}
