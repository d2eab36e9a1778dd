import {
  canManageDepartments,
  canUseDepartments,
  formatDate,
  hasPermission,
  isAdmin,
  ORG_ROLES,
  type MemberInput,
  type OrgRole,
  type TeamMember,
} from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDotsVertical,
  IconKey,
  IconMailForward,
  IconPencil,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { PasswordModal } from '../../common/accounts/password-modal';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { PlanNotice } from '../../common/ui/plan-notice';
import { UserAvatar } from '../../common/ui/user-avatar';
import {
  addMember,
  removeMember,
  resendInvitation,
  setMemberPassword,
  teamKeys,
  updateMember,
  useTeam,
} from '../api/team';
import { DepartmentsSection } from '../components/departments-section';
import { MemberEditModal } from '../components/member-edit-modal';
import { RemoveMemberDialog } from '../components/remove-member-dialog';

/** The owner stands out; a reviewer, who sees only some jobs, differs from a recruiter. */
const ROLE_COLORS: Record<OrgRole, string> = {
  [ORG_ROLES.OWNER]: 'indigo',
  [ORG_ROLES.RECRUITER]: 'gray',
  [ORG_ROLES.REVIEWER]: 'teal',
};

const MEMBER = { entity: { i18nKey: 'entities.member' } };
const PASSWORD = { entity: { i18nKey: 'entities.password' } };

function fullName(member: { fName: string; lName: string }): string {
  return `${member.fName} ${member.lName}`.trim();
}

function MemberRow({
  member,
  canManage,
  onEdit,
  onPassword,
  onResend,
  onRemove,
}: {
  member: TeamMember;
  canManage: boolean;
  onEdit: () => void;
  onPassword: () => void;
  onResend: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const isOwner = member.orgRole === ORG_ROLES.OWNER;
  const name = fullName(member);
  return (
    <Paper withBorder radius="lg" px="md" py="sm" data-testid="member-row">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <UserAvatar user={{ ...member, imgUrl: member.imgUrl ?? '' }} size={40} />
          <Stack gap={2} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Badge
                variant="light"
                color={ROLE_COLORS[member.orgRole]}
                size="sm"
                data-testid="member-role"
              >
                {t(`team.roles.${member.orgRole}`)}
              </Badge>
              {member.hasPassword ? null : (
                <Badge variant="outline" color="orange" size="sm">
                  {t('team.invited')}
                </Badge>
              )}
            </Group>
            <Text component="bdi" dir="ltr" fz="sm" c="gray.7" truncate ta="start">
              {member.email}
            </Text>
            <Group gap="md" wrap="wrap">
              <Text fz="xs" c="dimmed">
                {t('accounts.columns.lastLogin')}:{' '}
                <Text component="span" fz="xs" c="dark">
                  {member.lastLogin ? formatDate(member.lastLogin, language) : t('accounts.never')}
                </Text>
              </Text>
              <Text fz="xs" c="dimmed">
                {t('team.jobs', { count: member.jobCount })}
              </Text>
            </Group>
          </Stack>
        </Group>
        {canManage && !isOwner ? (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('accounts.actions', { name })}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                {t('accounts.edit.action')}
              </Menu.Item>
              <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onPassword}>
                {t('accounts.password.action')}
              </Menu.Item>
              {member.hasPassword ? null : (
                <Menu.Item
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  onClick={onResend}
                >
                  {t('team.resend')}
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onRemove}
              >
                {t('team.remove.action')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * The team screen (`/backoffice/team`, organisations): the organisation's users, its
 * owner first, each with their role (owner, recruiter or reviewer). The owner
 * (MULTI_USER_ORGANIZATION) adds members as recruiters or reviewers (they get an email to choose
 * a password), edits them and their role, sets their password, sends the link again and removes
 * them (their jobs and templates go to the owner). Members see the list. Below, the departments
 * (MULTI_DEPARTMENT_ORGANIZATION). A plan without a feature says which plan has it.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const language = useLanguageStore((state) => state.language);
  const hasTeams = Boolean(
    user && (isAdmin(user) || hasPermission(user, 'MULTI_USER_ORGANIZATION')),
  );
  const hasDepartments = Boolean(user && canUseDepartments(user));
  const team = useTeam(hasTeams);
  const departments = useDepartments(user);
  const [editing, setEditing] = useState<{ member: TeamMember | null } | null>(null);
  const [passwordFor, setPasswordFor] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const members = team.data?.members ?? [];
  const canManage = team.data?.canManage ?? false;
  const owner = members.find((member) => member.orgRole === ORG_ROLES.OWNER);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });

  const save = async (input: MemberInput) => {
    const member = editing?.member ?? null;
    if (member) {
      await updateMember(api, member._id, input);
      showAlert({ type: 'success', key: 'alerts.update', params: MEMBER });
    } else {
      await addMember(api, { ...input, language });
      showAlert({ type: 'success', key: 'team.added', params: { email: input.email } });
    }
    setEditing(null);
    await refresh();
  };

  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeMember(api, member._id),
    onSuccess: async () => {
      setRemoving(null);
      showAlert({ type: 'success', key: 'alerts.remove', params: MEMBER });
      await refresh();
    },
    onError: () => showAlert({ type: 'fail', key: 'alerts.failRemove', params: MEMBER }),
  });

  const resend = async (member: TeamMember) => {
    try {
      await resendInvitation(api, member._id);
      showAlert({ type: 'success', key: 'team.resent', params: { email: member.email } });
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failSend',
        params: { entity: { i18nKey: 'entities.email' } },
      });
    }
  };

  const savePassword = async (newPassword: string) => {
    if (!passwordFor) return;
    try {
      await setMemberPassword(api, passwordFor._id, newPassword);
      showAlert({ type: 'success', key: 'alerts.change', params: PASSWORD });
      setPasswordFor(null);
    } catch {
      showAlert({ type: 'fail', key: 'alerts.failUpdate', params: PASSWORD });
    }
  };

  return (
    <BackofficeLayout>
      <Stack gap="xl" maw={860}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('team.title')}
            </Title>
            {canManage ? (
              <Button
                leftSection={<IconUserPlus size={18} aria-hidden />}
                onClick={() => setEditing({ member: null })}
              >
                {t('team.add')}
              </Button>
            ) : null}
          </Group>
          {hasTeams ? (
            <Text c="gray.7">{t(canManage ? 'team.ownerHint' : 'team.memberHint')}</Text>
          ) : null}
        </Stack>

        {hasTeams ? (
          <Stack gap="xs" data-testid="members">
            {team.isPending ? <Skeleton h={80} radius="lg" /> : null}
            {team.isError ? <Text c="red">{t('team.loadFailed')}</Text> : null}
            {members.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                canManage={canManage}
                onEdit={() => setEditing({ member })}
                onPassword={() => setPasswordFor(member)}
                onResend={() => void resend(member)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </Stack>
        ) : (
          <PlanNotice titleKey="team.plan.title" textKey="team.plan.text" />
        )}

        {hasDepartments ? (
          <DepartmentsSection
            departments={departments.data ?? []}
            isPending={departments.isPending}
            canManage={Boolean(user && canManageDepartments(user))}
          />
        ) : (
          <PlanNotice titleKey="departments.plan.title" textKey="departments.plan.text" />
        )}
      </Stack>

      <MemberEditModal
        opened={editing !== null}
        member={editing?.member ?? null}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <PasswordModal
        account={passwordFor}
        onClose={() => setPasswordFor(null)}
        onSave={savePassword}
      />
      <RemoveMemberDialog
        member={removing}
        ownerName={owner ? fullName(owner) : ''}
        isRemoving={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </BackofficeLayout>
  );
}

export default TeamPage;
