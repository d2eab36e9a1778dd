import {
  MEMBER_ROLES,
  ORG_ROLES,
  memberInputSchema,
  type MemberInput,
  type MemberRole,
  type TeamMember,
} from '@candid/domain';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { useIsPhone } from '../../../common/ui/media-queries';
import { placeAccountErrors } from '../../common/accounts/server-errors';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { PersonFields } from '../../common/accounts/person-fields';

const FORM_FIELDS = ['fName', 'lName', 'email'] as const;

/** A member's role as the form starts with it: recruiter for a new member (the server's default). */
function initialRole(member: TeamMember | null): MemberRole {
  return member?.orgRole === ORG_ROLES.REVIEWER ? ORG_ROLES.REVIEWER : ORG_ROLES.RECRUITER;
}

/** Recruiter or reviewer, each with one line saying what they may do. */
function RoleField({
  value,
  onChange,
}: {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('team.edit.role')}
      value={value}
      onChange={(next) =>
        onChange(next === ORG_ROLES.REVIEWER ? ORG_ROLES.REVIEWER : ORG_ROLES.RECRUITER)
      }
    >
      <Stack gap="sm" mt="xs">
        {MEMBER_ROLES.map((role) => (
          <Radio
            key={role}
            value={role}
            label={t(`team.roles.${role}`)}
            description={t(`team.edit.roleHint.${role}`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function MemberForm({
  member,
  onCancel,
  onSave,
}: {
  member: TeamMember | null;
  onCancel: () => void;
  onSave: (input: MemberInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const isNew = member === null;
  const form = useSchemaForm(memberInputSchema, {
    fName: member?.fName ?? '',
    lName: member?.lName ?? '',
    email: member?.email ?? '',
    orgRole: initialRole(member),
  });
  const role = form.valueField('orgRole');
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await onSave(input);
    } catch (error) {
      // A validation error on adding a user shows on its fields, no generic alert.
      if (placeAccountErrors(error, FORM_FIELDS, form.setError)) return;
      setFormError(getErrorI18nKey(error));
    }
  });
  const title = t(isNew ? 'team.edit.addTitle' : 'team.edit.editTitle');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="md">
        <PersonFields field={(name) => form.textField(name)} />
        <Text fz="sm" c="gray.7">
          {t(isNew ? 'team.edit.inviteHint' : 'team.edit.emailHint')}
        </Text>
        <RoleField value={role.value ?? ORG_ROLES.RECRUITER} onChange={role.onChange} />
        <FormErrorAlert errorKey={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t(isNew ? 'team.edit.add' : 'accounts.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The owner's add/edit member dialog: first and last name, email and role (recruiter or
 * reviewer; a reviewer sees only the jobs the owner assigns them). A new member gets an
 * email with a link to choose their own password (no password is typed here). Full screen on a
 * phone.
 */
export function MemberEditModal({
  opened,
  member,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The member to edit; null to add one. */
  member: TeamMember | null;
  onClose: () => void;
  onSave: (input: MemberInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(member ? 'team.edit.editTitle' : 'team.edit.addTitle')}
      centered
      radius="lg"
      fullScreen={isPhone}
    >
      {opened ? <MemberForm member={member} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}
