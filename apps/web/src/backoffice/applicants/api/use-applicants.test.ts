import { applicantFilterSchema, type ApplicantListResponse } from '@candid/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../common/api/api-client';
import { applicantKeys } from './applicants-api';
import { applicantListQueryOptions } from './use-applicants';

const page = (nextCursor: string | null): ApplicantListResponse => ({
  applicants: [],
  pageCount: 40,
  filteredApplicantCount: 1200,
  nextCursor,
});

/** An API whose `job/applicant` answers one page and records the query of each call. */
function fakeApi(answer: (params: Record<string, unknown>) => unknown) {
  const calls: Record<string, unknown>[] = [];
  const get = vi.fn(async (_path: string, options?: { params?: Record<string, unknown> }) => {
    const params = options?.params ?? {};
    calls.push(params);
    return answer(params);
  });
  const api = { get, request: get, post: get, put: get, delete: get } as unknown as ApiClient;
  return { api, calls };
}

describe('applicantListQueryOptions: numbered pages', () => {
  const filter = applicantFilterSchema.parse({ itemsPerPage: 30 });

  it('asks for the page after a loaded one from its cursor, and for any other by number', async () => {
    const client = new QueryClient();
    const { api, calls } = fakeApi(() => page('cursor-of-3'));
    client.setQueryData(applicantKeys.list({ ...filter, currPage: 2 }, ''), page('cursor-of-2'));

    await client.fetchQuery(applicantListQueryOptions(api, { ...filter, currPage: 3 }, undefined));
    expect(calls[0]).toMatchObject({ currPage: 3, cursor: 'cursor-of-2' });

    // Page 7 after page 3: a jump, by number.
    await client.fetchQuery(applicantListQueryOptions(api, { ...filter, currPage: 7 }, undefined));
    expect(calls[1]).toMatchObject({ currPage: 7, cursor: undefined });

    // Page 4 now follows the page 3 just loaded.
    await client.fetchQuery(applicantListQueryOptions(api, { ...filter, currPage: 4 }, undefined));
    expect(calls[2]).toMatchObject({ currPage: 4, cursor: 'cursor-of-3' });
  });

  it('never uses a cursor of another sort or filter, nor on the first page', async () => {
    const client = new QueryClient();
    const { api, calls } = fakeApi(() => page(null));
    client.setQueryData(applicantKeys.list({ ...filter, currPage: 1 }, 'status:asc'), page('x'));
    client.setQueryData(
      applicantKeys.list({ ...filter, currPage: 1, statuses: [3] }, ''),
      page('y'),
    );
    await client.fetchQuery(applicantListQueryOptions(api, { ...filter, currPage: 2 }, undefined));
    await client.fetchQuery(applicantListQueryOptions(api, { ...filter, currPage: 1 }, undefined));
    expect(calls.map((params) => params.cursor)).toEqual([undefined, undefined]);
  });

  it('goes by page number when the server refuses the cursor', async () => {
    const client = new QueryClient();
    const { api, calls } = fakeApi((params) => {
      if (params.cursor) throw Object.assign(new Error('cursor'), { status: 400 });
      return page(null);
    });
    client.setQueryData(applicantKeys.list({ ...filter, currPage: 1 }, ''), page('stale'));
    const answer = await client.fetchQuery(
      applicantListQueryOptions(api, { ...filter, currPage: 2 }, undefined),
    );
    expect(answer.pageCount).toBe(40);
    expect(calls).toEqual([
      expect.objectContaining({ cursor: 'stale' }),
      expect.objectContaining({ currPage: 2, cursor: undefined }),
    ]);
  });
});
