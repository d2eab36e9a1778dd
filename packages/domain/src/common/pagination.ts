import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { queryNumberSchema } from './query';

/**
 * Pages are numbered from 1 everywhere in the domain (URL `currPage=1` is the first page).
 * Calls that take an offset get it from {@link getSkip}.
 */

/**
 * Number of pages for `totalItems` (items divided by items per page, rounded up).
 * No items means 0 pages, so the UI can tell "nothing to page through" from "one page" and
 * hide the pager; a non-positive page size also gives 0 instead of Infinity.
 */
export function getPageCount(totalItems: number, perPage: number): number {
  if (!(totalItems > 0) || !(perPage > 0)) return 0;
  return Math.ceil(totalItems / perPage);
}

/** Offset of the first item of a 1-based page (the `skip` of record and activity calls). */
export function getSkip(currPage: number, perPage: number): number {
  return Math.max(0, Math.floor(currPage) - 1) * perPage;
}

export type PaginationItem = number | 'ellipsis';

/**
 * Pager items: first and last page always, `gap` pages either side of the current
 * one, and an ellipsis for each run of hidden pages. An ellipsis never stands for a single
 * page — that page is shown instead, since it takes the same room and is clickable.
 *
 * @example getPaginationItems(5, 10) // [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]
 */
export function getPaginationItems(
  currentPage: number,
  pageCount: number,
  gap = 1,
): PaginationItem[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(1, Math.floor(currentPage)), pageCount);
  const start = Math.max(2, current - gap);
  const end = Math.min(pageCount - 1, current + gap);
  const items: PaginationItem[] = [1];
  if (start === 3) items.push(2);
  else if (start > 3) items.push('ellipsis');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end === pageCount - 2) items.push(pageCount - 1);
  else if (end < pageCount - 2) items.push('ellipsis');
  if (pageCount > 1) items.push(pageCount);
  return items;
}

/**
 * Where to go after archiving or removing items: stay while the page still has
 * items; when it empties go back one page; on the first page there is nowhere to go back
 * to, so the list is reloaded.
 */
export function pageAfterRemoval(params: {
  currPage: number;
  itemsOnPage: number;
  removedCount: number;
}): number | 'reload' {
  const { currPage, itemsOnPage, removedCount } = params;
  if (itemsOnPage - removedCount > 0) return currPage;
  return currPage > 1 ? currPage - 1 : 'reload';
}

/** A 1-based page number from a query string (`"2"`) or a number; defaults to 1. */
export const currPageSchema = z.coerce.number().int().min(1).default(1);

/** A page size from a query string or a number, capped at {@link MAX_PAGE_SIZE}. */
export function itemsPerPageSchema(defaultSize: number) {
  return z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize);
}

/**
 * The spec's `limit` and `skip` query pair of record and activity calls (skip = rows to
 * pass), read beside `currPage`/`itemsPerPage`; see {@link pageFromLimitSkip}.
 */
export const limitSkipShape = {
  limit: queryNumberSchema.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)).optional(),
  skip: queryNumberSchema.pipe(z.number().int().min(0).max(1_000_000)).optional(),
};

/** A filter's page from `limit`/`skip` when given (they win), else its `currPage`/`itemsPerPage`. */
export function pageFromLimitSkip<T extends { currPage: number; itemsPerPage: number }>({
  limit,
  skip,
  ...filter
}: T & { limit?: number | undefined; skip?: number | undefined }): Omit<T, 'limit' | 'skip'> {
  if (limit === undefined) return filter as Omit<T, 'limit' | 'skip'>;
  return { ...filter, itemsPerPage: limit, currPage: Math.floor((skip ?? 0) / limit) + 1 } as Omit<
    T,
    'limit' | 'skip'
  >;
}
