import { describe, expect, it } from 'vitest';
import { coverSearchQuerySchema, coverSearchResponseSchema } from './cover-search.schemas';

describe('cover search schemas', () => {
  it('trims the query and reads a 1-based page from the query string', () => {
    expect(coverSearchQuerySchema.parse({ query: '  sea ', page: '2' })).toEqual({
      query: 'sea',
      page: 2,
    });
    expect(coverSearchQuerySchema.parse({})).toEqual({ query: '', page: 1 });
    expect(coverSearchQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('holds at most 20 photos per page', () => {
    const photo = { regular: 'https://r', small: 'https://s' };
    expect(
      coverSearchResponseSchema.safeParse({ results: Array(20).fill(photo), totalPages: 1 })
        .success,
    ).toBe(true);
    expect(
      coverSearchResponseSchema.safeParse({ results: Array(21).fill(photo), totalPages: 2 })
        .success,
    ).toBe(false);
  });
});
