import {
  applicantCountResponseSchema,
  applicantDetailsResponseSchema,
  applicantListResponseSchema,
  applicantVideosResponseSchema,
  deleteApplicantResponseSchema,
  rateApplicantResponseSchema,
  replaceCvResponseSchema,
  updateApplicantsResponseSchema,
  type ApplicantChange,
  type ApplicantCountResponse,
  type ApplicantDetails,
  type ApplicantFilter,
  type ApplicantListResponse,
  type ApplicantRatings,
  type ApplicantVideosResponse,
  type DeleteApplicantResponse,
  type RateApplicantBody,
  type ReplaceCvResponse,
  type UpdateApplicantsResponse,
} from '@candid/domain';
import type { ApiClient, DownloadedFile } from '../../../common/api/api-client';

/**
 * The recruiter's applicant calls ("Jobs"). Every answer is parsed with its domain
 * schema, so a screen never renders a shape the server did not promise.
 */

/** Query keys; everything lives under `APPLICANTS_KEY` so one invalidation refreshes all. */
export const APPLICANTS_KEY = ['applicants'] as const;
export const applicantKeys = {
  lists: () => [...APPLICANTS_KEY, 'list'] as const,
  list: (filter: ApplicantFilter, sort: string) =>
    [...APPLICANTS_KEY, 'list', filter, sort] as const,
  count: (filter: Omit<ApplicantFilter, 'currPage' | 'itemsPerPage'>) =>
    [...APPLICANTS_KEY, 'count', filter] as const,
  details: (applicantId: string) => [...APPLICANTS_KEY, 'details', applicantId] as const,
  videos: (applicantId: string) => [...APPLICANTS_KEY, 'videos', applicantId] as const,
};

function filterParams(filter: Omit<ApplicantFilter, 'currPage' | 'itemsPerPage'>) {
  return {
    txt: filter.txt || undefined,
    statuses: filter.statuses.length > 0 ? filter.statuses.join(',') : undefined,
    daysAgo: filter.daysAgo,
    incomplete: filter.incomplete,
    rating: filter.rating,
    minScore: filter.minScore,
    knockedOut: filter.knockedOut,
    showArchived: filter.showArchived,
    jobId: filter.jobId,
  };
}

/**
 * `GET job/applicant?filters&sort`: one page of the organisation's applicants. `cursor` (the
 * previous page's `nextCursor`) makes the server start right after that page's last row instead
 * of skipping `currPage - 1` pages: the same rows, at the cost of the first page.
 */
export async function listApplicants(
  api: ApiClient,
  filter: ApplicantFilter,
  sort: string | undefined,
  signal?: AbortSignal,
  cursor?: string,
): Promise<ApplicantListResponse> {
  return applicantListResponseSchema.parse(
    await api.get<unknown>('job/applicant', {
      params: {
        ...filterParams(filter),
        currPage: filter.currPage,
        itemsPerPage: filter.itemsPerPage,
        sort,
        cursor,
      },
      signal,
    }),
  );
}

/** `GET job/applicantCount?filters`: matching and all unarchived applicants. */
export async function countApplicants(
  api: ApiClient,
  filter: Omit<ApplicantFilter, 'currPage' | 'itemsPerPage'>,
  signal?: AbortSignal,
): Promise<ApplicantCountResponse> {
  return applicantCountResponseSchema.parse(
    await api.get<unknown>('job/applicantCount', { params: filterParams(filter), signal }),
  );
}

/** `GET job/{jobId}/{applicantId}`: the applicant with CV, notes, timeline and questions. */
export async function getApplicantDetails(
  api: ApiClient,
  jobId: string,
  applicantId: string,
  signal?: AbortSignal,
): Promise<ApplicantDetails> {
  const response = applicantDetailsResponseSchema.parse(
    await api.get<unknown>(`job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}`, {
      signal,
    }),
  );
  return response.applicant;
}

/** `GET job/applicantVideos/{applicantId}/{jobId}`: answers with playable URLs (a "watch"). */
export async function getApplicantVideos(
  api: ApiClient,
  applicantId: string,
  jobId: string,
  signal?: AbortSignal,
): Promise<ApplicantVideosResponse> {
  return applicantVideosResponseSchema.parse(
    await api.get<unknown>(
      `job/applicantVideos/${encodeURIComponent(applicantId)}/${encodeURIComponent(jobId)}`,
      { signal },
    ),
  );
}

/** `PUT job/applicant {applicants}`: status, read, archive, details and notes; all or nothing. */
export async function updateApplicants(
  api: ApiClient,
  applicants: ApplicantChange[],
): Promise<UpdateApplicantsResponse> {
  return updateApplicantsResponseSchema.parse(
    await api.put<unknown>('job/applicant', { applicants }),
  );
}

/** `POST job/{jobId}/{applicantId}/cv?name=` (raw file body): replaces the applicant's CV. */
export async function replaceApplicantCv(
  api: ApiClient,
  jobId: string,
  applicantId: string,
  file: File,
): Promise<ReplaceCvResponse> {
  return replaceCvResponseSchema.parse(
    await api.post<unknown>(
      `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/cv`,
      file,
      { params: { name: file.name } },
    ),
  );
}

/**
 * `PUT job/{jobId}/{applicantId}/rating`: sets, changes or clears (score null) the caller's own
 * rating of a scorecard criterion or an answer; answers everyone's ratings after it.
 */
export async function rateApplicant(
  api: ApiClient,
  jobId: string,
  applicantId: string,
  body: Omit<RateApplicantBody, 'viewAsId'>,
): Promise<ApplicantRatings> {
  const response = rateApplicantResponseSchema.parse(
    await api.put<unknown>(
      `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/rating`,
      body,
    ),
  );
  return response.ratings;
}

/**
 * `GET job/{jobId}/{applicantId}/export`: a candidate's data request, the applicant's
 * data and files as a zip, with the file name the server gives it.
 */
export async function exportApplicantData(
  api: ApiClient,
  jobId: string,
  applicantId: string,
): Promise<DownloadedFile> {
  return api.get<DownloadedFile>(
    `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/export`,
    { responseType: 'file' },
  );
}

/**
 * `DELETE job/{jobId}/{applicantId}/data`: a candidate's deletion request, the
 * applicant and all its files, now.
 */
export async function deleteApplicantData(
  api: ApiClient,
  jobId: string,
  applicantId: string,
): Promise<DeleteApplicantResponse> {
  return deleteApplicantResponseSchema.parse(
    await api.delete<unknown>(
      `job/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/data`,
    ),
  );
}
