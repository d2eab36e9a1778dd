import type { Account } from '@candid/domain';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsTransferUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccountDeletion } from '../api/accounts';

/**
 * "Are you sure you want to delete {name}'s account", and what happens to the account's
 * work, as the server will do it: handed to a colleague, or deleted with the organisation when
 * the account is its last member. Delete waits until that is known.
 */
export function DeleteAccountDialog({
  account,
  isDeleting,
  onCancel,
  onConfirm,
}: {
  account: Account | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const deletion = useAccountDeletion(account?._id ?? null);
  const plan = deletion.data;
  const name = account ? `${account.fName} ${account.lName}`.trim() : '';

  return (
    <Modal
      opened={account !== null}
      onClose={onCancel}
      title={t('accounts.delete.title')}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text>{t('accounts.delete.confirm', { name })}</Text>
        {deletion.isPending ? <Skeleton h={64} radius="md" /> : null}
        {plan?.outcome === 'transfer' && plan.successor ? (
          <Alert
            color="indigo"
            variant="light"
            icon={<IconArrowsTransferUp size={20} aria-hidden />}
            data-testid="deletion-outcome"
          >
            {t('accounts.delete.transfer', {
              jobs: plan.jobCount,
              applicants: plan.applicantCount,
              successor: `${plan.successor.fName} ${plan.successor.lName}`.trim(),
            })}
          </Alert>
        ) : null}
        {plan?.outcome === 'delete' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="deletion-outcome"
          >
            {t('accounts.delete.deleteAll', {
              jobs: plan.jobCount,
              applicants: plan.applicantCount,
            })}
          </Alert>
        ) : null}
        {deletion.isError ? (
          <Text c="red" fz="sm">
            {t('accounts.delete.unknown')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.delete.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={isDeleting} disabled={!plan}>
            {t('accounts.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
