import type { Account } from '@candid/domain';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDotsVertical,
  IconEye,
  IconKey,
  IconMailCheck,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function fullName(account: Pick<Account, 'fName' | 'lName'>): string {
  return `${account.fName} ${account.lName}`.trim();
}

/** What can be done to one account, from its row's menu. */
export interface AccountRowActions {
  onEdit: (account: Account) => void;
  onPassword: (account: Account) => void;
  onVerify: (account: Account) => void;
  onViewAs: (account: Account) => void;
  onDelete: (account: Account) => void;
}

/** A row's menu: edit, set a password, e-mail verification, and (not for one's own account) view as and delete. */
export function AccountMenu({
  account,
  isSelf,
  actions,
}: {
  account: Account;
  isSelf: boolean;
  actions: AccountRowActions;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('accounts.actions', { name: fullName(account) })}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => actions.onEdit(account)}
        >
          {t('accounts.edit.action')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => actions.onPassword(account)}
        >
          {t('accounts.password.action')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMailCheck size={16} aria-hidden />}
          onClick={() => actions.onVerify(account)}
        >
          {t('accounts.verify.action')}
        </Menu.Item>
        {isSelf ? null : (
          <Menu.Item
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => actions.onViewAs(account)}
          >
            {t('viewAs.action')}
          </Menu.Item>
        )}
        {isSelf ? null : (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => actions.onDelete(account)}
            >
              {t('accounts.delete.action')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
