import {
  forgotPasswordEmailSchema,
  newPasswordInputSchema,
  verifyCodeInputSchema,
  type User,
} from '@candid/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconKey, IconMailOpened, IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useReducer, type Dispatch, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import {
  getPostLoginPath,
  getPostPasswordChangePath,
  LOGIN_PATH,
  USER_PATH,
} from '../../../common/routing/paths';
import { useSession } from '../../../common/session/session-query';
import { showAlert } from '../../../common/stores/alert-store';
import { PageLoader } from '../../../common/ui/page-loader';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { useStartSession } from '../../common/session/session-actions';
import {
  changeOwnPassword,
  checkResetCode,
  loginWithCode,
  resetPassword,
  sendLoginCode,
  sendResetCode,
} from '../api/password-recovery';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { CodeInput } from '../../../common/ui/code-input';
import { NewPasswordFields } from '../components/password-fields';
import { useResendLock } from '../components/use-resend-lock';
import {
  FORGOT_STEPS,
  forgotPasswordReducer,
  getInitialForgotPasswordState,
  isChangePassFlag,
  type ForgotPasswordAction,
  type ForgotPasswordState,
} from '../forgot-password-steps';

const PASSWORD_CHANGED_ALERT = {
  type: 'success',
  key: 'alerts.change',
  params: { entity: { i18nKey: 'entities.password' } },
} as const;

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <>
      {t('auth.forgot.remembered')}{' '}
      <Anchor component={Link} to={LOGIN_PATH} fw={600}>
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </>
  );
}

/** Step 0: the email, and the choice between a reset code and a one-time login code. */
function EmailStep({
  initialEmail,
  dispatch,
}: {
  initialEmail: string;
  dispatch: Dispatch<ForgotPasswordAction>;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const form = useSchemaForm(forgotPasswordEmailSchema, { email: initialEmail });
  const resetRequest = useMutation({
    mutationFn: (email: string) => sendResetCode(api, email),
    onSuccess: (_, email) => dispatch({ type: 'resetCodeSent', email }),
  });
  const otpRequest = useMutation({
    mutationFn: (email: string) => sendLoginCode(api, email),
    onSuccess: (_, email) => dispatch({ type: 'loginCodeSent', email }),
  });
  const isAuthing = resetRequest.isPending || otpRequest.isPending;
  const error = resetRequest.error ?? otpRequest.error;

  const chooseReset = form.handleSubmit(({ email }) => {
    otpRequest.reset();
    resetRequest.mutate(email);
  });
  const chooseOtp = form.handleSubmit(({ email }) => {
    resetRequest.reset();
    otpRequest.mutate(email);
  });

  return (
    <AuthLayout
      icon={<IconKey size={26} />}
      title={t('auth.forgot.emailTitle')}
      lead={t('auth.forgot.emailLead')}
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={chooseReset} aria-label={t('auth.forgot.emailTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.textField('email')}
          />
          <FormErrorAlert errorKey={error ? getErrorI18nKey(error) : null} />
          <Stack gap="sm">
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={resetRequest.isPending}
              disabled={isAuthing}
            >
              {t('auth.forgot.resetMyPassword')}
            </Button>
            <Button
              type="button"
              size="md"
              variant="default"
              fullWidth
              loading={otpRequest.isPending}
              disabled={isAuthing}
              onClick={() => void chooseOtp()}
            >
              {t('auth.forgot.sendOtp')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** Steps 1 and 3: a 6-digit code sent to the email, with resend (locked briefly after use). */
function CodeStep({
  state,
  dispatch,
  title,
  submitLabel,
  onCode,
  resend,
}: {
  state: ForgotPasswordState;
  dispatch: Dispatch<ForgotPasswordAction>;
  title: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  resend: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(verifyCodeInputSchema, { enteredCode: '' });
  const codeRequest = useMutation({ mutationFn: onCode });
  const resendLock = useResendLock();
  const resendRequest = useMutation({
    mutationFn: () => resend(state.email),
    onSuccess: () =>
      showAlert({ type: 'success', key: 'auth.code.resent', params: { email: state.email } }),
    onError: (error) => showAlert({ type: 'fail', key: getErrorI18nKey(error) }),
  });

  const handleSubmit = form.handleSubmit(({ enteredCode }) => codeRequest.mutate(enteredCode));
  const handleResend = () => {
    resendLock.lock();
    codeRequest.reset();
    resendRequest.mutate();
  };

  return (
    <AuthLayout
      icon={<IconMailOpened size={26} />}
      title={title}
      lead={
        <Trans
          i18nKey="auth.code.sentTo"
          values={{ email: state.email }}
          components={{ b: <strong dir="ltr" /> }}
        />
      }
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={handleSubmit} aria-label={title}>
        <Stack gap="md">
          <CodeInput label={t('auth.code.label')} {...form.valueField('enteredCode')} autoFocus />
          <FormErrorAlert
            errorKey={codeRequest.error ? getErrorI18nKey(codeRequest.error) : null}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={codeRequest.isPending || codeRequest.isSuccess}
            disabled={codeRequest.isPending}
          >
            {submitLabel}
          </Button>
          <Group justify="space-between" gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={handleResend}
              disabled={resendLock.isLocked || resendRequest.isPending}
            >
              {t('auth.code.resend')}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              onClick={() => dispatch({ type: 'changeEmail' })}
            >
              {t('auth.code.changeEmail')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** Step 2: the new password and its confirmation (reset with the code, or a logged-in change). */
function NewPasswordStep({
  state,
  dispatch,
  user,
}: {
  state: ForgotPasswordState;
  dispatch: Dispatch<ForgotPasswordAction>;
  user: User | null;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const isChange = state.mode === 'change' && user !== null;
  const form = useSchemaForm(newPasswordInputSchema, { password: '', confirmPassword: '' });
  const passwordRequest = useMutation({
    mutationFn: (password: string) =>
      isChange
        ? changeOwnPassword(api, user._id, password)
        : resetPassword(api, { email: state.email, password, code: state.code }),
    onSuccess: () => {
      showAlert(PASSWORD_CHANGED_ALERT);
      void navigate(getPostPasswordChangePath(isChange), { replace: true });
    },
  });
  const handleSubmit = form.handleSubmit(({ password }) => passwordRequest.mutate(password));
  const title = isChange ? t('auth.forgot.changeTitle') : t('auth.forgot.newPasswordTitle');

  let footer: ReactNode = <BackToLogin />;
  if (isChange) {
    footer = (
      <Anchor component={Link} to={USER_PATH} fw={600}>
        {t('auth.forgot.backToProfile')}
      </Anchor>
    );
  }

  return (
    <AuthLayout
      icon={<IconShieldLock size={26} />}
      title={title}
      lead={isChange ? t('auth.forgot.changeLead') : t('auth.forgot.newPasswordLead')}
      footer={footer}
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
            errorKey={passwordRequest.error ? getErrorI18nKey(passwordRequest.error) : null}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={passwordRequest.isPending || passwordRequest.isSuccess}
            disabled={passwordRequest.isPending}
          >
            {t('auth.forgot.savePassword')}
          </Button>
          {isChange ? null : (
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              onClick={() => dispatch({ type: 'changeEmail' })}
            >
              {t('auth.forgot.startOver')}
            </Button>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}

function ForgotPasswordFlow({
  initialState,
  user,
}: {
  initialState: ForgotPasswordState;
  user: User | null;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const startSession = useStartSession();
  const [state, dispatch] = useReducer(forgotPasswordReducer, initialState);

  switch (state.step) {
    case FORGOT_STEPS.EMAIL:
      return <EmailStep initialEmail={state.email} dispatch={dispatch} />;
    case FORGOT_STEPS.RESET_CODE:
      return (
        <CodeStep
          key="reset-code"
          state={state}
          dispatch={dispatch}
          title={t('auth.forgot.resetCodeTitle')}
          submitLabel={t('auth.forgot.continue')}
          onCode={async (enteredCode) => {
            await checkResetCode(api, { email: state.email, enteredCode });
            dispatch({ type: 'resetCodeChecked', code: enteredCode });
          }}
          resend={(email) => sendResetCode(api, email)}
        />
      );
    case FORGOT_STEPS.NEW_PASSWORD:
      return <NewPasswordStep state={state} dispatch={dispatch} user={user} />;
    case FORGOT_STEPS.LOGIN_CODE:
      return (
        <CodeStep
          key="login-code"
          state={state}
          dispatch={dispatch}
          title={t('auth.forgot.loginCodeTitle')}
          submitLabel={t('auth.forgot.logIn')}
          onCode={async (enteredCode) => {
            const session = await loginWithCode(api, { email: state.email, enteredCode });
            startSession(session, getPostLoginPath(null));
          }}
          resend={(email) => sendLoginCode(api, email)}
        />
      );
  }
}

/**
 * /forgot-password: the step machine of forgot-password-steps.ts. With
 * `?isChangePass=true` a logged-in user starts at the new-password step.
 */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const { user, isLoading } = useSession();
  const isChangePass = isChangePassFlag(searchParams.get('isChangePass'));
  // The change step depends on who is logged in; wait for the session before choosing.
  if (isChangePass && isLoading) return <PageLoader />;
  return (
    <ForgotPasswordFlow
      key={isChangePass ? 'change' : 'reset'}
      initialState={getInitialForgotPasswordState({ isChangePass, isLoggedIn: user !== null })}
      user={user}
    />
  );
}

export default ForgotPasswordPage;
