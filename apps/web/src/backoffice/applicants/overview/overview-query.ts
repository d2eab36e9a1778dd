import {
  APPLICANT_PAGE_SIZE,
  applicantFilterSchema,
  applicantSortSchema,
  DEFAULT_APPLICANT_SORT,
  type ApplicantFilter,
  type ApplicantSort,
  type ApplicantSortField,
} from '@candid/domain';

/** The applicant overview's paths. */
export const APPLICANT_ARCHIVE_PATH = '/backoffice/archive/applicant';
export const JOB_OVERVIEW_PATH = '/backoffice/job';

/** The query keys the overview reads and writes ("Applicant overview"). */
const FILTER_KEYS = [
  'txt',
  'statuses',
  'daysAgo',
  'incomplete',
  'rating',
  'minScore',
  'knockedOut',
  'currPage',
  'itemsPerPage',
] as const;

export interface OverviewQuery {
  filter: ApplicantFilter;
  /** The sort as written in the URL (`info.fName:asc`), or undefined for the default. */
  sort: string | undefined;
  /** The sort in effect (the default when the URL has none or a bad one). */
  sortSpec: ApplicantSort;
}

/**
 * The overview's filter from the route and its query. The job comes from the path
 * (`/backoffice/applicant/{jobId}`), or from `?jobId=` in the archive, whose path has no job;
 * the archive route implies `showArchived`. A value that does not parse (`daysAgo=5`,
 * `statuses=9`, `currPage=0`) is dropped rather than failing the page, so a hand-edited or old
 * link still opens with the rest of its filter.
 */
export function parseOverviewQuery(
  search: URLSearchParams,
  route: { jobId?: string; isArchive: boolean },
): OverviewQuery {
  const raw: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const values = search.getAll(key);
    if (values.length === 0) continue;
    raw[key] = key === 'statuses' ? values.join(',') : values[0];
  }
  raw.showArchived = route.isArchive;
  raw.jobId = route.jobId ?? (route.isArchive ? (search.get('jobId') ?? undefined) : undefined);

  let parsed = applicantFilterSchema.safeParse(raw);
  while (!parsed.success) {
    const badKeys = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of badKeys) delete raw[key];
    // Nothing left to drop means the schema itself changed: fall back to all defaults.
    if (Object.keys(raw).length === before) {
      parsed = applicantFilterSchema.safeParse({ showArchived: route.isArchive });
      break;
    }
    parsed = applicantFilterSchema.safeParse(raw);
  }
  const filter = parsed.success
    ? parsed.data
    : applicantFilterSchema.parse({ showArchived: route.isArchive });

  const sortText = search.get('sort')?.trim();
  const sortParsed = sortText ? applicantSortSchema.safeParse(sortText) : null;
  const isCustomSort = Boolean(sortParsed?.success) && sortText !== DEFAULT_APPLICANT_SORT;
  return {
    filter,
    sort: isCustomSort ? sortText : undefined,
    sortSpec: sortParsed?.success ? sortParsed.data : applicantSortSchema.parse(undefined),
  };
}

/**
 * The query string of a filter and sort: only what differs from the defaults, so a plain
 * overview has a clean URL and every view has one canonical address. The job stays in the
 * path (except in the archive) and `showArchived` in the route.
 */
export function buildOverviewSearch(
  filter: ApplicantFilter,
  sort: string | undefined,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.txt) params.set('txt', filter.txt);
  if (filter.statuses.length > 0) {
    params.set('statuses', [...filter.statuses].sort((a, b) => a - b).join(','));
  }
  if (filter.daysAgo !== undefined) params.set('daysAgo', String(filter.daysAgo));
  if (filter.incomplete !== undefined) params.set('incomplete', String(filter.incomplete));
  if (filter.rating !== undefined) params.set('rating', String(filter.rating));
  if (filter.minScore !== undefined) params.set('minScore', String(filter.minScore));
  if (filter.knockedOut !== undefined) params.set('knockedOut', String(filter.knockedOut));
  if (filter.showArchived && filter.jobId) params.set('jobId', filter.jobId);
  if (filter.currPage > 1) params.set('currPage', String(filter.currPage));
  if (filter.itemsPerPage !== APPLICANT_PAGE_SIZE) {
    params.set('itemsPerPage', String(filter.itemsPerPage));
  }
  if (sort && sort !== DEFAULT_APPLICANT_SORT) params.set('sort', sort);
  return params;
}

/** The overview's path for a view: the archive, one job's applicants, or all of them. */
export function getOverviewPath(view: { isArchive: boolean; jobId?: string }): string {
  if (view.isArchive) return APPLICANT_ARCHIVE_PATH;
  return view.jobId
    ? `/backoffice/applicant/${encodeURIComponent(view.jobId)}`
    : '/backoffice/applicant';
}

/**
 * Whether the user narrowed the list (search, status, date, completeness, rating, score or
 * knockout), so "no exact matches".
 */
export function hasActiveFilters(filter: ApplicantFilter): boolean {
  return (
    filter.txt !== '' ||
    filter.statuses.length > 0 ||
    filter.daysAgo !== undefined ||
    filter.incomplete !== undefined ||
    filter.rating !== undefined ||
    filter.minScore !== undefined ||
    filter.knockedOut !== undefined
  );
}

/** How many filter groups are set (the badge on the phone's filter button). */
export function countActiveFilters(filter: ApplicantFilter): number {
  return [
    filter.statuses.length > 0,
    filter.daysAgo !== undefined,
    filter.incomplete !== undefined,
    filter.rating !== undefined,
    filter.minScore !== undefined,
    filter.knockedOut !== undefined,
  ].filter(Boolean).length;
}

/** The filter with every narrowing (search to knockout) cleared, back on page 1. */
export function clearFilters(filter: ApplicantFilter): ApplicantFilter {
  return {
    ...filter,
    txt: '',
    statuses: [],
    daysAgo: undefined,
    incomplete: undefined,
    rating: undefined,
    minScore: undefined,
    knockedOut: undefined,
    currPage: 1,
  };
}

/**
 * The first click on a column sorts dates newest first, ratings and scores highest first and
 * texts A–Z; the next one reverses.
 */
export function getNextSort(current: ApplicantSort, field: ApplicantSortField): string {
  if (current.field === field) {
    return `${field}:${current.order === 'asc' ? 'desc' : 'asc'}`;
  }
  return `${field}:${isHighestFirst(field) ? 'desc' : 'asc'}`;
}

function isHighestFirst(field: ApplicantSortField): boolean {
  return field === 'timestamp.submitted' || field === 'rating' || field === 'score';
}
