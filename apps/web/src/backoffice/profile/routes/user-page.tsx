import {
  getAvatarColor,
  getInitials,
  profileInputSchema,
  type ProfileInput,
  type User,
} from '@candid/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { FORGOT_PASSWORD_PATH } from '../../../common/routing/paths';
import { showAlert } from '../../../common/stores/alert-store';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { useSessionUser, useSetSessionUser } from '../../common/session/session-actions';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { updateProfile } from '../api/profile';
import { ImageUploadField } from '../../common/images/image-upload-field';
import { NotificationsSection } from '../components/notifications-section';

/** Where a logged-in user changes their password (forgot-password's change step). */
export const CHANGE_PASSWORD_PATH = `${FORGOT_PASSWORD_PATH}?isChangePass=true`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section">
      <Stack gap="lg">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function toFormValues(user: User) {
  return {
    fName: user.fName,
    lName: user.lName,
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
    companyName: user.companyName,
    imgUrl: user.imgUrl ?? '',
    logoUrl: user.logoUrl ?? '',
  };
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const setSessionUser = useSetSessionUser();
  const form = useSchemaForm(profileInputSchema, toFormValues(user));
  const save = useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(api, input),
    onSuccess: (saved) => {
      setSessionUser(saved);
      showAlert({ type: 'success', key: 'profile.saved' });
    },
    onError: (error) => {
      if (isApiClientError(error) && error.key === 'EMAIL_TAKEN_ERR') {
        form.setError('email', { type: 'server', message: error.i18nKey });
      }
    },
  });
  const isEmailTaken = isApiClientError(save.error) && save.error.key === 'EMAIL_TAKEN_ERR';
  const handleSubmit = form.handleSubmit((input) => save.mutate(input));

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('profile.title')}>
      <Stack gap="lg">
        <Section title={t('profile.personal')}>
          <ImageUploadField
            kind="avatar"
            label={t('profile.avatar')}
            url={form.watch('imgUrl') ?? ''}
            placeholder={getInitials(form.watch('fName') || user.fName, form.watch('lName'))}
            placeholderColor={getAvatarColor(user._id)}
            onChange={(url) => form.setValue('imgUrl', url, { shouldDirty: true })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t('auth.fields.fName')}
              autoComplete="given-name"
              withAsterisk
              {...form.textField('fName')}
            />
            <TextInput
              label={t('auth.fields.lName')}
              autoComplete="family-name"
              {...form.textField('lName')}
            />
            <TextInput
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              withAsterisk
              description={t('profile.emailHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.textField('email')}
            />
            <TextInput
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              {...form.textField('phone')}
            />
          </SimpleGrid>
          <TextInput
            label={t('profile.address')}
            autoComplete="street-address"
            {...form.textField('address')}
          />
        </Section>
        <Section title={t('profile.company')}>
          <ImageUploadField
            kind="logo"
            label={t('profile.logo')}
            url={form.watch('logoUrl') ?? ''}
            placeholder={<IconBuilding size={30} aria-hidden />}
            onChange={(url) => form.setValue('logoUrl', url, { shouldDirty: true })}
          />
          <TextInput
            label={t('profile.companyName')}
            autoComplete="organization"
            withAsterisk
            {...form.textField('companyName')}
          />
        </Section>
        <FormErrorAlert
          errorKey={save.error && !isEmailTaken ? getErrorI18nKey(save.error) : null}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            disabled={save.isPending}
          >
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /user, UserMgmt: the logged-in user's details, company and images, and the way
 * to change the password. First name, email and company name are required; an email already
 * used by another account is reported under the email field.
 */
export function UserPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <BackofficeLayout>
      <Stack gap="lg" maw={820} mx="auto">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('profile.title')}
        </Title>
        {user ? <ProfileForm key={user._id} user={user} /> : null}
        <Section title={t('profile.notifications.title')}>
          <NotificationsSection />
        </Section>
        <Section title={t('profile.password')}>
          <Group justify="space-between" gap="md">
            <Text c="gray.7" fz="sm" maw={460}>
              {t('profile.passwordText')}
            </Text>
            <Button
              component={Link}
              to={CHANGE_PASSWORD_PATH}
              variant="default"
              leftSection={<IconLock size={18} aria-hidden />}
            >
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Section>
      </Stack>
    </BackofficeLayout>
  );
}

export default UserPage;
