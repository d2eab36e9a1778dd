import { FREE_INTERVIEW_LIMIT, signupInputSchema, type SignupInput } from '@candid/domain';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { LOGIN_PATH, POST_SIGNUP_PATH } from '../../../common/routing/paths';
import { useLanguageStore } from '../../../common/stores/language-store';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { useStartSession } from '../../common/session/session-actions';
import { signup } from '../api/signup';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields } from '../components/password-fields';

function SignupPromise() {
  const { t } = useTranslation();
  const items = [
    t('auth.signup.promiseInterviews', { count: FREE_INTERVIEW_LIMIT }),
    t('auth.signup.promiseNoCard'),
  ];
  return (
    <Paper radius="md" p="sm" bg="indigo.0" aria-label={t('auth.signup.promiseLabel')} role="note">
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group key={item} component="li" gap="xs" wrap="nowrap">
            <ThemeIcon size={22} radius="xl" color="teal" aria-hidden>
              <IconCheck size={14} stroke={3} />
            </ThemeIcon>
            <Text fw={600} fz="sm" c="indigo.9">
              {item}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /signup: first and last name, email, the company's name (it names the organisation and
 * fills the company field of every new job, which cannot be shared without one), password with
 * the rule stated under it before anything is typed, and its confirmation. A new account lands on /verify-email (its first plan has every
 * feature; the page promises the free interviews of).
 */
export function SignupPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const startSession = useStartSession();
  const language = useLanguageStore((state) => state.language);

  const form = useSchemaForm(signupInputSchema, {
    fName: '',
    lName: '',
    email: '',
    companyName: '',
    password: '',
    confirmPassword: '',
  });
  const signupRequest = useMutation({
    mutationFn: (input: SignupInput) => signup(api, input, language),
    onSuccess: (session) => {
      startSession(session, POST_SIGNUP_PATH);
    },
  });

  const handleSubmit = form.handleSubmit((input) => signupRequest.mutate(input));

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      lead={t('auth.signup.lead')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to={LOGIN_PATH} fw={600}>
            {t('auth.signup.toLogin')}
          </Anchor>
        </>
      }
    >
      <SignupPromise />
      <form noValidate onSubmit={handleSubmit} aria-label={t('auth.signup.title')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t('auth.fields.fName')}
              autoComplete="given-name"
              withAsterisk
              {...form.textField('fName')}
            />
            <TextInput
              label={t('auth.fields.lName')}
              autoComplete="family-name"
              withAsterisk
              {...form.textField('lName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            {...form.textField('email')}
          />
          <TextInput
            label={t('auth.fields.companyName')}
            description={t('auth.signup.companyNameHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="organization"
            withAsterisk
            {...form.textField('companyName')}
          />
          <NewPasswordFields
            passwordLabel={t('auth.fields.password')}
            confirmLabel={t('auth.fields.confirmPassword')}
            password={form.textField('password', { deps: ['confirmPassword'] })}
            confirmPassword={form.textField('confirmPassword')}
          />
          <FormErrorAlert
            errorKey={signupRequest.error ? getErrorI18nKey(signupRequest.error) : null}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={signupRequest.isPending}
            disabled={signupRequest.isPending}
          >
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default SignupPage;
