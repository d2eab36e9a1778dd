import type { ApplicantFilter, ApplicantListItem } from '@candid/domain';
import {
  buildOverviewSearch,
  getOverviewPath,
  parseOverviewQuery,
} from '../../overview/overview-query';
import { getApplicantDetailsPath } from '../../overview/overview-rules';

/** The overview list a details page was opened from: its filter, sort and page. */
export interface ReviewList {
  jobId: string | undefined;
  filter: ApplicantFilter;
  sort: string | undefined;
}

/** An applicant to step to: where its details are, and the list (on its page) to carry along. */
export interface ApplicantNeighbour {
  path: string;
  from: string;
}

const OVERVIEW_PATH = /^\/backoffice\/applicant(?:\/([^/]+))?\/?$/;

/**
 * The list behind the overview address `from` (path and query, as the overview hands it to the
 * details page), or null when there is none to step through: no address, another page, or the
 * archive (whose rows do not open).
 */
export function parseReviewList(from: string | undefined): ReviewList | null {
  if (!from) return null;
  const url = new URL(from, 'http://candid.invalid');
  const match = OVERVIEW_PATH.exec(url.pathname);
  if (!match) return null;
  const jobId = match[1] ? decodeURIComponent(match[1]) : undefined;
  const { filter, sort } = parseOverviewQuery(url.searchParams, { jobId, isArchive: false });
  return { jobId, filter, sort };
}

/** The overview address of `list` on page `currPage` (the back arrow returns to that page). */
export function reviewListAddress(list: ReviewList, currPage: number): string {
  const search = buildOverviewSearch({ ...list.filter, currPage }, list.sort).toString();
  const path = getOverviewPath({ isArchive: false, jobId: list.jobId });
  return search ? `${path}?${search}` : path;
}

/** The rows of a page a recruiter can open (a locked applicant's details are not shown). */
const openable = (rows: readonly ApplicantListItem[]) => rows.filter((row) => !row.isLocked);

/**
 * The applicants before and after `applicantId` in the list's order, across a page boundary
 * when the neighbouring page is loaded (`before`, `after`: the previous and next pages' rows,
 * undefined while not loaded or absent). Null sides: the list's start or end, or unknown yet.
 */
export function findNeighbours(input: {
  list: ReviewList;
  applicantId: string;
  rows: readonly ApplicantListItem[];
  before?: readonly ApplicantListItem[];
  after?: readonly ApplicantListItem[];
}): { prev: ApplicantNeighbour | null; next: ApplicantNeighbour | null; index: number } {
  const { list, applicantId } = input;
  const page = list.filter.currPage;
  const rows = openable(input.rows);
  const index = rows.findIndex((row) => row.id === applicantId);
  if (index < 0) return { prev: null, next: null, index };
  const toNeighbour = (row: ApplicantListItem | undefined, onPage: number) =>
    row ? { path: getApplicantDetailsPath(row), from: reviewListAddress(list, onPage) } : null;
  const prev =
    index > 0
      ? toNeighbour(rows[index - 1], page)
      : toNeighbour(openable(input.before ?? []).at(-1), page - 1);
  const next =
    index < rows.length - 1
      ? toNeighbour(rows[index + 1], page)
      : toNeighbour(openable(input.after ?? [])[0], page + 1);
  return { prev, next, index };
}
