import type { Account, SessionUser } from '@candid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { useViewAs } from '../../../common/session/view-as';
import {
  accountKeys,
  createAccount,
  deleteAccount,
  getUser,
  setAccountPassword,
  updateAccount,
} from '../api/accounts';
import type { AccountEditResult } from './account-edit-modal';

/**
 * What the account overview does to accounts: add or edit one (the dialog's state and its
 * save), set a password, view as, and delete; each says how it went in an alert and refreshes
 * the list. `onRemoved` runs after a delete, before the list is fetched again.
 */
export function useAccountActions({ onRemoved }: { onRemoved: () => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { start: startViewAs } = useViewAs();
  const [editing, setEditing] = useState<{ user: SessionUser | null } | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [passwordFor, setPasswordFor] = useState<Account | null>(null);
  const [verifying, setVerifying] = useState<Account | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });

  const saveAccount = async ({ input, advancedPrm }: AccountEditResult) => {
    const user = editing?.user ?? null;
    if (user) {
      await updateAccount(api, {
        _id: user._id,
        fName: input.fName,
        lName: input.lName ?? '',
        email: input.email,
        companyName: input.companyName ?? '',
        role: input.role,
        perm: input.perm,
        advancedPrm,
      });
      showAlert({
        type: 'success',
        key: 'alerts.update',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    } else {
      const created = await createAccount(api, input);
      if (Object.keys(advancedPrm).length > 0) {
        await updateAccount(api, {
          _id: created._id,
          fName: created.fName,
          email: created.email,
          role: created.role,
          perm: created.perm,
          advancedPrm,
        });
      }
      showAlert({
        type: 'success',
        key: 'alerts.add',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    }
    setEditing(null);
    await refresh();
  };

  const openEdit = async (account: Account) => {
    try {
      setEditing({ user: await getUser(api, account._id) });
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failUpdate',
        params: { entity: { i18nKey: 'entities.account' } },
      });
    }
  };

  // The account's grants come with its user record; its plan alone is in the list row.
  const viewAs = async (account: Account) => {
    const user = await getUser(api, account._id).catch(() => null);
    startViewAs({
      ...account,
      perm: user?.perm ?? account.perm,
      advancedPrm: user?.advancedPrm ?? {},
    });
  };

  const remove = useMutation({
    mutationFn: (account: Account) => deleteAccount(api, account._id),
    onSuccess: async () => {
      setDeleting(null);
      showAlert({
        type: 'success',
        key: 'alerts.remove',
        params: { entity: { i18nKey: 'entities.account' } },
      });
      onRemoved();
      await refresh();
    },
    onError: () =>
      showAlert({
        type: 'fail',
        key: 'alerts.failRemove',
        params: { entity: { i18nKey: 'entities.account' } },
      }),
  });

  const savePassword = async (newPassword: string) => {
    if (!passwordFor) return;
    try {
      await setAccountPassword(api, passwordFor._id, newPassword);
      showAlert({
        type: 'success',
        key: 'alerts.change',
        params: { entity: { i18nKey: 'entities.password' } },
      });
      setPasswordFor(null);
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failUpdate',
        params: { entity: { i18nKey: 'entities.password' } },
      });
    }
  };

  return {
    /** The add/edit dialog: open with `user: null` to add an account. */
    editing,
    startAdding: () => setEditing({ user: null }),
    closeEditing: () => setEditing(null),
    saveAccount,
    deleting,
    cancelDeleting: () => setDeleting(null),
    confirmDeleting: () => deleting && remove.mutate(deleting),
    isDeleting: remove.isPending,
    passwordFor,
    closePassword: () => setPasswordFor(null),
    savePassword,
    /** The e-mail verification dialog (send a link or a code, or check a code). */
    verifying,
    closeVerifying: () => setVerifying(null),
    /** The row menu's actions. */
    rowActions: {
      onEdit: (account: Account) => void openEdit(account),
      onPassword: (account: Account) => setPasswordFor(account),
      onVerify: (account: Account) => setVerifying(account),
      onViewAs: (account: Account) => void viewAs(account),
      onDelete: (account: Account) => setDeleting(account),
    },
  };
}
