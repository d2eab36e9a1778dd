import type { TeamMember } from '@candid/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowsTransferUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Removing a member: what happens to their work, as the server does it. Their jobs (with the
 * applicants of those jobs) and templates move to the organisation's owner; nothing is deleted
 * but the member's account.
 */
export function RemoveMemberDialog({
  member,
  ownerName,
  isRemoving,
  onCancel,
  onConfirm,
}: {
  member: TeamMember | null;
  ownerName: string;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const name = member ? `${member.fName} ${member.lName}`.trim() : '';
  return (
    <Modal
      opened={member !== null}
      onClose={onCancel}
      title={t('team.remove.title')}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text>{t('team.remove.confirm', { name })}</Text>
        <Alert
          color="indigo"
          variant="light"
          icon={<IconArrowsTransferUp size={20} aria-hidden />}
          data-testid="remove-outcome"
        >
          {t('team.remove.transfer', { count: member?.jobCount ?? 0, owner: ownerName })}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={isRemoving}>
            {t('team.remove.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
