import { loginInputSchema, type LoginInput, type SessionResponse } from '@candid/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { useReleaseFirstScreen } from '../../../common/first-screen/first-screen';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import {
  FORGOT_PASSWORD_PATH,
  getPostLoginPath,
  REDIRECT_PARAM,
  SIGNUP_PATH,
} from '../../../common/routing/paths';
import { useLanguageStore } from '../../../common/stores/language-store';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { PasswordField } from '../../common/ui/password-field';
import { useStartSession } from '../../common/session/session-actions';
import { authConfigQueryOptions, login, loginWithGoogle } from '../api/login';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { GoogleSignInButton } from '../components/google-sign-in';

/**
 * /login: email and password, or Google when the server has a Google client id.
 * The email is trimmed and lower-cased before sending (the domain's schema does both). After a
 * login the user goes where the redirect query says, else to the applicant overview.
 */
export function LoginPage() {
  // The server draws this card's heading into /login's HTML (apps/server login-page.ts).
  useReleaseFirstScreen();
  const { t } = useTranslation();
  const api = useApiClient();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const language = useLanguageStore((state) => state.language);
  const { data: config } = useQuery(authConfigQueryOptions(api));

  const form = useSchemaForm(loginInputSchema, { email: '', password: '' });

  const onLoggedIn = (session: SessionResponse) => {
    startSession(session, getPostLoginPath(searchParams.get(REDIRECT_PARAM)));
  };
  const passwordLogin = useMutation({
    mutationFn: (input: LoginInput) => login(api, input),
    onSuccess: onLoggedIn,
  });
  const googleLogin = useMutation({
    mutationFn: (idToken: string) => loginWithGoogle(api, idToken, language),
    onSuccess: onLoggedIn,
  });

  const isAuthing = passwordLogin.isPending || googleLogin.isPending;
  const error = passwordLogin.error ?? googleLogin.error;

  const handleSubmit = form.handleSubmit((input) => {
    googleLogin.reset();
    passwordLogin.mutate(input);
  });
  const handleGoogleCredential = (idToken: string) => {
    passwordLogin.reset();
    googleLogin.mutate(idToken);
  };

  return (
    <AuthLayout
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={SIGNUP_PATH} fw={600}>
            {t('auth.login.toSignup')}
          </Anchor>
        </>
      }
    >
      {config?.googleClientId ? (
        <GoogleSignInButton
          clientId={config.googleClientId}
          onCredential={handleGoogleCredential}
        />
      ) : null}
      <form noValidate onSubmit={handleSubmit} aria-label={t('auth.login.title')}>
        <Stack gap="md">
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.textField('email')}
          />
          <Stack gap={6}>
            <PasswordField
              label={t('auth.fields.password')}
              autoComplete="current-password"
              withAsterisk
              {...form.textField('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={FORGOT_PASSWORD_PATH} fz="sm">
                {t('auth.login.forgotPassword')}
              </Anchor>
            </Group>
          </Stack>
          <FormErrorAlert errorKey={error ? getErrorI18nKey(error) : null} />
          <Button type="submit" size="md" fullWidth loading={isAuthing} disabled={isAuthing}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default LoginPage;
