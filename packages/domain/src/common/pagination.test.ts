import { describe, expect, it } from 'vitest';
import {
  currPageSchema,
  getPageCount,
  getPaginationItems,
  getSkip,
  itemsPerPageSchema,
  pageAfterRemoval,
} from './pagination';
import type { PaginationItem } from './pagination';

const E = 'ellipsis' as const;

describe('getPageCount', () => {
  it.each([
    [0, 30, 0],
    [1, 30, 1],
    [29, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [60, 30, 2],
    [61, 30, 3],
    [100, 50, 2],
    [101, 50, 3],
    [10, 0, 0],
    [10, -5, 0],
    [-3, 30, 0],
  ])('%i items at %i per page → %i pages', (total, perPage, pages) => {
    expect(getPageCount(total, perPage)).toBe(pages);
  });
});

describe('getSkip', () => {
  it.each([
    [1, 30, 0],
    [2, 30, 30],
    [3, 50, 100],
    [0, 30, 0],
  ])('page %i at %i per page skips %i', (page, perPage, skip) => {
    expect(getSkip(page, perPage)).toBe(skip);
  });
});

describe('getPaginationItems (gap 1, first/last always)', () => {
  it.each<[number, number, PaginationItem[]]>([
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [2, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 5, [1, 2, E, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, E, 4, 5]],
    [1, 10, [1, 2, E, 10]],
    [2, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    // A single hidden page (2) is shown instead of an ellipsis.
    [4, 10, [1, 2, 3, 4, 5, E, 10]],
    [5, 10, [1, E, 4, 5, 6, E, 10]],
    [6, 10, [1, E, 5, 6, 7, E, 10]],
    [7, 10, [1, E, 6, 7, 8, 9, 10]],
    [8, 10, [1, E, 7, 8, 9, 10]],
    [10, 10, [1, E, 9, 10]],
    // Out-of-range current pages are clamped.
    [0, 6, [1, 2, E, 6]],
    [99, 6, [1, E, 5, 6]],
  ])('page %i of %i → %j', (current, count, items) => {
    expect(getPaginationItems(current, count)).toEqual(items);
  });

  it.each<[number, number, number, PaginationItem[]]>([
    [5, 10, 2, [1, 2, 3, 4, 5, 6, 7, E, 10]],
    [6, 12, 2, [1, E, 4, 5, 6, 7, 8, E, 12]],
    [5, 10, 0, [1, E, 5, E, 10]],
    [4, 7, 2, [1, 2, 3, 4, 5, 6, 7]],
  ])('page %i of %i with gap %i → %j', (current, count, gap, items) => {
    expect(getPaginationItems(current, count, gap)).toEqual(items);
  });
});

describe('pageAfterRemoval', () => {
  it.each([
    [{ currPage: 3, itemsOnPage: 5, removedCount: 1 }, 3],
    [{ currPage: 3, itemsOnPage: 1, removedCount: 1 }, 2],
    [{ currPage: 2, itemsOnPage: 4, removedCount: 4 }, 1],
    [{ currPage: 1, itemsOnPage: 1, removedCount: 1 }, 'reload'],
    [{ currPage: 1, itemsOnPage: 3, removedCount: 3 }, 'reload'],
    [{ currPage: 1, itemsOnPage: 3, removedCount: 2 }, 1],
  ])('%j → %j', (params, expected) => {
    expect(pageAfterRemoval(params)).toBe(expected);
  });
});

describe('page query schemas', () => {
  it.each([
    [undefined, 1],
    ['2', 2],
    [3, 3],
  ])('currPage %j → %j', (input, page) => {
    expect(currPageSchema.parse(input)).toBe(page);
  });

  it.each([['0'], [-1], ['1.5'], ['x']])('currPage %j is rejected', (input) => {
    expect(currPageSchema.safeParse(input).success).toBe(false);
  });

  it('itemsPerPage defaults and caps', () => {
    const schema = itemsPerPageSchema(30);
    expect(schema.parse(undefined)).toBe(30);
    expect(schema.parse('50')).toBe(50);
    expect(schema.safeParse('101').success).toBe(false);
    expect(schema.safeParse('0').success).toBe(false);
  });
});
