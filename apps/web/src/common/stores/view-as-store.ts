import type { Account } from '@candid/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerStoreReset } from './reset-stores';

/**
 * The account an admin views the back office as (client state "view-as user"), with its
 * plan and feature grants so that the screens offer what that account may use.
 */
export type ViewAsAccount = Pick<Account, '_id' | 'fName' | 'lName' | 'email'> & {
  perm?: number;
  advancedPrm?: Record<string, boolean>;
};

interface ViewAsState {
  viewAs: ViewAsAccount | null;
  startViewAs: (account: ViewAsAccount) => void;
  stopViewAs: () => void;
}

/** sessionStorage key: this tab only, and a reload keeps viewing as the same account. */
export const VIEW_AS_STORAGE_KEY = 'candid.viewAs';

/**
 * Admin "view as": while set, the API client sends `viewAsId` with every job,
 * applicant and template call, and the shell shows a banner with the way back. Kept in
 * sessionStorage (one tab, survives a reload); cleared on logout.
 */
export const useViewAsStore = create<ViewAsState>()(
  persist(
    (set) => ({
      viewAs: null,
      startViewAs: ({ _id, fName, lName, email, perm, advancedPrm }) =>
        set({
          viewAs: {
            _id,
            fName,
            lName,
            email,
            ...(perm !== undefined ? { perm } : {}),
            ...(advancedPrm ? { advancedPrm } : {}),
          },
        }),
      stopViewAs: () => set({ viewAs: null }),
    }),
    {
      name: VIEW_AS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ viewAs: state.viewAs }),
    },
  ),
);

registerStoreReset(() => useViewAsStore.getState().stopViewAs());

/** The id the API client sends as `viewAsId`; null when the admin acts as themselves. */
export function getViewAsId(): string | null {
  return useViewAsStore.getState().viewAs?._id ?? null;
}
