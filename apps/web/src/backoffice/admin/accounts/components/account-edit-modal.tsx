import {
  accountInputSchema,
  FEATURE_NAMES,
  FEATURES,
  PLAN_CODES,
  planLabelKey,
  ROLES,
  type AccountInput,
  type Feature,
  type SessionUser,
} from '@candid/domain';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../common/forms/use-schema-form';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { PasswordField } from '../../../common/ui/password-field';
import { FormErrorAlert } from '../../../common/ui/form-error-alert';
import { getErrorI18nKey } from '../../../common/forms/error-key';
import { placeAccountErrors } from '../../../common/accounts/server-errors';
import { PersonFields } from '../../../common/accounts/person-fields';

/** What the dialog saves: the account form plus the per-feature grants. */
export interface AccountEditResult {
  input: AccountInput;
  advancedPrm: Record<string, boolean>;
}

const FORM_FIELDS = ['fName', 'lName', 'email', 'companyName', 'perm', 'role', 'password'] as const;

function AccountForm({
  user,
  onCancel,
  onSave,
}: {
  user: SessionUser | null;
  onCancel: () => void;
  /** Rejects with the API error when the server refuses; the form shows it on the fields. */
  onSave: (result: AccountEditResult) => Promise<void>;
}) {
  const { t } = useTranslation();
  const isNew = user === null;
  const form = useSchemaForm(accountInputSchema, {
    fName: user?.fName ?? '',
    lName: user?.lName ?? '',
    email: user?.email ?? '',
    companyName: user?.companyName ?? '',
    perm: user?.perm ?? PLAN_CODES[PLAN_CODES.length - 1],
    role: user?.role ?? ROLES.USER,
    password: undefined,
  });
  const [grants, setGrants] = useState<Record<string, boolean>>(() => ({
    ...(user?.advancedPrm ?? {}),
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const perm = form.valueField('perm');
  const role = form.valueField('role');
  const password = form.valueField('password');

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      // Only grants that add to the plan are kept; a feature the plan includes needs none.
      const advancedPrm = Object.fromEntries(
        Object.entries(grants).filter(
          ([name, on]) =>
            on && FEATURES[name as Feature] && FEATURES[name as Feature].code > input.perm,
        ),
      );
      await onSave({ input, advancedPrm });
    } catch (error) {
      // A validation error on adding a user shows on its fields, no generic alert.
      if (placeAccountErrors(error, FORM_FIELDS, form.setError)) return;
      setFormError(getErrorI18nKey(error));
    }
  });

  const planOptions = PLAN_CODES.map((code) => ({
    value: String(code),
    label: t(planLabelKey(code)),
  }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(isNew ? 'accounts.edit.addTitle' : 'accounts.edit.editTitle')}
    >
      <Stack gap="md">
        <PersonFields field={(name) => form.textField(name)} />
        <TextInput
          label={t('accounts.edit.company')}
          autoComplete="off"
          {...form.textField('companyName')}
        />
        {isNew ? (
          <PasswordField
            label={t('accounts.edit.password')}
            description={t('accounts.edit.passwordHint')}
            autoComplete="new-password"
            value={password.value ?? ''}
            onChange={(event) => password.onChange(event.currentTarget.value || undefined)}
            error={password.error}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Stack gap={4}>
            <Text component="span" fz="sm" fw={500}>
              {t('accounts.edit.role')}
            </Text>
            <SegmentedControl
              aria-label={t('accounts.edit.role')}
              value={role.value}
              onChange={(value) => role.onChange(value as AccountInput['role'])}
              data={[
                { value: ROLES.USER, label: t('accounts.roles.user') },
                { value: ROLES.ADMIN, label: t('accounts.roles.admin') },
              ]}
            />
          </Stack>
          <Select
            label={t('accounts.edit.plan')}
            description={user ? t('accounts.edit.planHint') : undefined}
            data={planOptions}
            value={String(perm.value)}
            onChange={(value) => value !== null && perm.onChange(Number(value))}
            allowDeselect={false}
            error={perm.error}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('accounts.edit.features')}
          description={t('accounts.edit.featuresHint')}
          value={FEATURE_NAMES.filter(
            (name) => FEATURES[name].code <= perm.value || grants[name] === true,
          )}
          onChange={(checked) => setGrants(Object.fromEntries(checked.map((name) => [name, true])))}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt="xs">
            {FEATURE_NAMES.map((name) => (
              <Checkbox
                key={name}
                value={name}
                label={t(`accounts.features.${name}`)}
                disabled={FEATURES[name].code <= perm.value}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormErrorAlert errorKey={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(isNew ? 'accounts.edit.add' : 'accounts.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The account-edit modal (account overview): name, email, company, role, plan (`perm`)
 * and single features granted by name (`advancedPrm`) on top of the plan; a password when adding.
 * Full screen on a phone.
 */
export function AccountEditModal({
  opened,
  user,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The account to edit; null to add one. */
  user: SessionUser | null;
  onClose: () => void;
  onSave: (result: AccountEditResult) => Promise<void>;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(user ? 'accounts.edit.editTitle' : 'accounts.edit.addTitle')}
      centered
      radius="lg"
      size="lg"
      fullScreen={isPhone}
    >
      {opened ? <AccountForm user={user} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}
