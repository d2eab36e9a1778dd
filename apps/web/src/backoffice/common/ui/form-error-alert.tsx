import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The error of a form's last request, under the form (auth errors are shown under the
 * login, signup and forgot-password forms). Each new request clears it, since the error belongs
 * to the last one.
 */
export function FormErrorAlert({ errorKey }: { errorKey: string | null | undefined }) {
  const { t } = useTranslation();
  if (!errorKey) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={20} aria-hidden />}
      data-testid="form-error"
    >
      {t(errorKey)}
    </Alert>
  );
}
