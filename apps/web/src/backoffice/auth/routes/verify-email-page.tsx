import { verifyCodeInputSchema, type User } from '@candid/domain';
import { Button, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLogout, IconMailCheck, IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError, type ApiClientError } from '../../../common/api/api-error';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import {
  LOGIN_PATH,
  POST_VERIFY_EMAIL_PATH,
  VERIFY_EMAIL_PATH,
} from '../../../common/routing/paths';
import { useSession } from '../../../common/session/session-query';
import { showAlert } from '../../../common/stores/alert-store';
import { PageLoader } from '../../../common/ui/page-loader';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { useLogout, useEnterWithUser, useStartSession } from '../../common/session/session-actions';
import {
  resendVerificationEmail,
  verifyEmailWithCode,
  verifyEmailWithLink,
} from '../api/email-verification';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { CodeInput } from '../../../common/ui/code-input';
import { useResendLock } from '../components/use-resend-lock';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';

/** `?token=…` from the emailed link: verify it once, log in, go to the applicant overview. */
function VerifyByLink({ token, user }: { token: string; user: User | null }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const startSession = useStartSession();
  const verification = useMutation({
    mutationFn: () => verifyEmailWithLink(api, token),
    onSuccess: (session) => {
      startSession(session, POST_VERIFY_EMAIL_PATH);
    },
  });
  const { mutate } = verification;
  // A link is used once; the ref keeps React's development double effects from sending it twice.
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (sentToken.current === token) return;
    sentToken.current = token;
    mutate();
  }, [token, mutate]);

  if (verification.isError) {
    return (
      <AuthLayout
        icon={<IconMailExclamation size={26} />}
        title={t('auth.verify.failedTitle')}
        lead={t('auth.verify.failedLead')}
      >
        <FormErrorAlert errorKey={getErrorI18nKey(verification.error)} />
        {user ? (
          <Button component={Link} to={VERIFY_EMAIL_PATH} replace size="md" fullWidth>
            {t('auth.verify.useCodeInstead')}
          </Button>
        ) : (
          <Button component={Link} to={LOGIN_PATH} size="md" fullWidth>
            {t('auth.verify.toLogin')}
          </Button>
        )}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout icon={<IconMailCheck size={26} />} title={t('auth.verify.verifyingTitle')}>
      <Center py="md" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="gray.7">{t('auth.verify.verifying')}</Text>
        </Group>
      </Center>
    </AuthLayout>
  );
}

/** The server's answer to a wrong code (its message also says to resend the email). */
function isCodeMismatch(error: unknown): error is ApiClientError {
  return isApiClientError(error) && error.key === 'CONFIRMATION_CODE_MISMATCH_ERR';
}

/** No token, logged in and unverified: the code from the email, resend, and logout. */
function ConfirmEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const enterWithUser = useEnterWithUser();
  const logout = useLogout();
  const resendLock = useResendLock();
  const form = useSchemaForm(verifyCodeInputSchema, { enteredCode: '' });

  const codeRequest = useMutation({
    mutationFn: (enteredCode: string) => verifyEmailWithCode(api, enteredCode),
    // A wrong code is the code field's own error; anything else shows above the button.
    onError: (error) => {
      if (isCodeMismatch(error)) {
        form.setError('enteredCode', { message: error.i18nKey });
      }
    },
    onSuccess: (answer) => {
      enterWithUser(
        answer.user ?? { ...user, emailVerified: answer.isVerified },
        POST_VERIFY_EMAIL_PATH,
      );
    },
  });
  const resendRequest = useMutation({
    mutationFn: () => resendVerificationEmail(api),
    onSuccess: () =>
      showAlert({
        type: 'success',
        key: 'alerts.send',
        params: { entity: { i18nKey: 'entities.email' } },
      }),
    onError: (error) => showAlert({ type: 'fail', key: getErrorI18nKey(error) }),
  });
  const logoutRequest = useMutation({ mutationFn: logout });

  const handleSubmit = form.handleSubmit(({ enteredCode }) => codeRequest.mutate(enteredCode));
  const handleResend = () => {
    resendLock.lock();
    codeRequest.reset();
    form.clearErrors('enteredCode');
    resendRequest.mutate();
  };

  return (
    <AuthLayout
      icon={<IconMailCheck size={26} />}
      title={t('auth.verify.title')}
      lead={
        <Trans
          i18nKey="auth.verify.lead"
          values={{ email: user.email }}
          components={{ b: <strong dir="ltr" /> }}
        />
      }
    >
      <form noValidate onSubmit={handleSubmit} aria-label={t('auth.verify.title')}>
        <Stack gap="md">
          <CodeInput label={t('auth.code.label')} {...form.valueField('enteredCode')} />
          <FormErrorAlert
            errorKey={
              codeRequest.error && !isCodeMismatch(codeRequest.error)
                ? getErrorI18nKey(codeRequest.error)
                : null
            }
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={codeRequest.isPending || codeRequest.isSuccess}
            disabled={codeRequest.isPending}
          >
            {t('auth.verify.submit')}
          </Button>
        </Stack>
      </form>
      <Divider />
      <Stack gap="xs">
        <Text fz="sm" c="gray.7">
          {t('auth.verify.noEmail')}
        </Text>
        <Group gap="sm" justify="space-between">
          <Button
            variant="light"
            onClick={handleResend}
            disabled={resendLock.isLocked || resendRequest.isPending}
          >
            {t('auth.verify.resend')}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconLogout size={18} className={mirrorClasses.mirror} aria-hidden />}
            onClick={() => logoutRequest.mutate()}
            loading={logoutRequest.isPending}
          >
            {t('shell.logout')}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}

/** No token and logged out: the link in the email confirms; logging in offers the code. */
function ConfirmEmailLoggedOut() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      icon={<IconMailCheck size={26} />}
      title={t('auth.verify.title')}
      lead={t('auth.verify.loggedOutLead')}
    >
      <Button component={Link} to={LOGIN_PATH} size="md" fullWidth>
        {t('auth.verify.toLogin')}
      </Button>
    </AuthLayout>
  );
}

/**
 * /verify-email: with `?token=` it verifies the emailed link and logs in;
 * otherwise it asks to confirm the email, by the link or the emailed code, with a resend that is
 * disabled for 5 seconds after each use. The guard has already sent verified users on.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const { user, isLoading } = useSession();
  const token = searchParams.get('token');
  if (token) return <VerifyByLink key={token} token={token} user={user} />;
  if (isLoading) return <PageLoader />;
  if (user) return <ConfirmEmail user={user} />;
  return <ConfirmEmailLoggedOut />;
}

export default VerifyEmailPage;
