import type { ApplicantListItem } from '@candid/domain';
import { useState } from 'react';
import { isSelectableForRead } from './overview-rules';

export interface ApplicantSelection {
  /** The selected applicants of the current page, in list order. */
  selected: ApplicantListItem[];
  selectableCount: number;
  isSelected: (id: string) => boolean;
  isSelectable: (applicant: ApplicantListItem) => boolean;
  isAllSelected: boolean;
  /** Some but not all selectable rows are selected (the header checkbox's middle state). */
  isSomeSelected: boolean;
  toggle: (id: string) => void;
  /** Selects every selectable row of the page, or clears when all are selected. */
  toggleAll: () => void;
  clear: () => void;
}

/**
 * The rows picked for the bulk read toggle. A selection belongs to one list (`listKey`: the
 * filter, sort and page): another list starts empty, and rows that left the list (archived,
 * refreshed away) drop out of it. Locked rows and archive rows are never selectable.
 */
export function useApplicantSelection(
  applicants: ApplicantListItem[],
  listKey: string,
  isArchiveView: boolean,
): ApplicantSelection {
  const [state, setState] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  });
  const ids = state.listKey === listKey ? state.ids : new Set<string>();
  const isSelectable = (applicant: ApplicantListItem) =>
    isSelectableForRead(applicant, isArchiveView);
  const selectable = applicants.filter(isSelectable);
  const selected = applicants.filter((applicant) => ids.has(applicant.id));
  const selectedSelectable = selectable.filter((applicant) => ids.has(applicant.id)).length;
  const isAllSelected = selectable.length > 0 && selectedSelectable === selectable.length;

  const setIds = (next: ReadonlySet<string>) => setState({ listKey, ids: next });
  return {
    selected,
    selectableCount: selectable.length,
    isSelected: (id) => ids.has(id),
    isSelectable,
    isAllSelected,
    isSomeSelected: selectedSelectable > 0 && !isAllSelected,
    toggle: (id) => {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else if (applicants.some((applicant) => applicant.id === id && isSelectable(applicant))) {
        next.add(id);
      }
      setIds(next);
    },
    toggleAll: () =>
      setIds(isAllSelected ? new Set() : new Set(selectable.map((applicant) => applicant.id))),
    clear: () => setIds(new Set()),
  };
}
