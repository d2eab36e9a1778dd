import { applicantFilterSchema } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../../common/api/api-client-context';
import { applicantListQueryOptions } from '../../api/use-applicants';
import { findNeighbours, parseReviewList, type ApplicantNeighbour } from './neighbour-list';

export interface ReviewNeighbours {
  prev: ApplicantNeighbour | null;
  next: ApplicantNeighbour | null;
  /** 1-based place in the whole filtered list and its size, when known. */
  position: { index: number; total: number } | null;
}

const NONE: ReviewNeighbours = { prev: null, next: null, position: null };

/** The filter of the (disabled) queries when there is no list to step through. */
const NO_LIST_FILTER = applicantFilterSchema.parse({ showArchived: false });

/**
 * Previous and next applicant of the overview list the details page was opened from (`from`:
 * its address with filter, sort and page), read through the overview's own list call, so the
 * organisation's scoping and the plan's sort rule are the server's as ever. The neighbouring
 * page is asked for only when the applicant is first or last on its page. An applicant whose
 * change (a new status) takes it out of the filtered list keeps the neighbours it had.
 */
export function useReviewNeighbours(
  applicantId: string,
  from: string | undefined,
): ReviewNeighbours {
  const api = useApiClient();
  const list = parseReviewList(from);
  const fallbackFilter = list?.filter ?? null;
  const enabled = list !== null;
  const pageOptions = (currPage: number) =>
    applicantListQueryOptions(api, { ...(fallbackFilter ?? NO_LIST_FILTER), currPage }, list?.sort);
  const page = list?.filter.currPage ?? 1;
  const current = useQuery({ ...pageOptions(page), enabled });
  const rows = current.isPlaceholderData ? [] : (current.data?.applicants ?? []);
  const index = rows.findIndex((row) => row.id === applicantId);
  const pageCount = current.data?.pageCount ?? 0;
  const before = useQuery({
    ...pageOptions(page - 1),
    enabled: enabled && index === 0 && page > 1,
  });
  const after = useQuery({
    ...pageOptions(page + 1),
    enabled: enabled && index >= 0 && index === rows.length - 1 && page < pageCount,
  });
  // Per page visit: what each applicant's neighbours were while it was still in the list.
  const [known] = useState(() => new Map<string, ReviewNeighbours>());
  if (!list) return NONE;
  const found = findNeighbours({
    list,
    applicantId,
    rows,
    before: before.isPlaceholderData ? undefined : before.data?.applicants,
    after: after.isPlaceholderData ? undefined : after.data?.applicants,
  });
  if (found.index < 0) return known.get(applicantId) ?? NONE;
  const total = current.data?.filteredApplicantCount ?? 0;
  const result: ReviewNeighbours = {
    prev: found.prev,
    next: found.next,
    position: {
      index: (page - 1) * list.filter.itemsPerPage + found.index + 1,
      total,
    },
  };
  known.set(applicantId, result);
  return result;
}
