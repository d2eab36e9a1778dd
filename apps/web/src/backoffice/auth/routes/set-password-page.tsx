import { newPasswordInputSchema } from '@candid/domain';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { FORGOT_PASSWORD_PATH, JOB_OVERVIEW_PATH } from '../../../common/routing/paths';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { useStartSession } from '../../common/session/session-actions';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { setPasswordWithLink } from '../api/set-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields } from '../components/password-fields';

/**
 * `/set-password?token=…`: a new member opens the link of the email their organisation's owner
 * had sent, chooses a password (with its confirmation) and lands in the organisation's jobs,
 * logged in. A used or expired link says so and offers the forgot-password flow.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const startSession = useStartSession();
  const form = useSchemaForm(newPasswordInputSchema, { password: '', confirmPassword: '' });
  const request = useMutation({
    mutationFn: (password: string) => setPasswordWithLink(api, { token, password }),
    onSuccess: (session) => startSession(session, JOB_OVERVIEW_PATH),
  });
  const handleSubmit = form.handleSubmit(({ password }) => request.mutate(password));
  const title = t('auth.setPassword.title');

  return (
    <AuthLayout
      icon={<IconShieldLock size={26} />}
      title={title}
      lead={t('auth.setPassword.lead')}
      footer={
        <Anchor component={Link} to={FORGOT_PASSWORD_PATH} fw={600}>
          {t('auth.setPassword.expired')}
        </Anchor>
      }
    >
      <form noValidate onSubmit={handleSubmit} aria-label={title}>
        <Stack gap="md">
          <NewPasswordFields
            passwordLabel={t('auth.fields.newPassword')}
            confirmLabel={t('auth.fields.confirmNewPassword')}
            password={form.textField('password', { deps: ['confirmPassword'] })}
            confirmPassword={form.textField('confirmPassword')}
          />
          <FormErrorAlert
            errorKey={
              token
                ? request.error
                  ? getErrorI18nKey(request.error)
                  : null
                : 'errors.PASSWORD_LINK_INVALID_ERR'
            }
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={request.isPending || request.isSuccess}
            disabled={!token || request.isPending}
          >
            {t('auth.setPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default SetPasswordPage;
