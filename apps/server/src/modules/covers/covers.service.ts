import {
  getPageCount,
  getSkip,
  IMAGE_SEARCH_PAGE_SIZE,
  type CoverPhoto,
  type CoverSearchResponse,
} from '@candid/domain';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { galleryCoverUrl, searchGalleryCovers } from './covers.gallery';

/** How long a stock-photo answer is reused: the provider's hourly quota is small. */
export const COVER_SEARCH_CACHE_TTL_MS = 10 * 60 * 1000;
const COVER_SEARCH_CACHE_MAX_ENTRIES = 200;
const UNSPLASH_TIMEOUT_MS = 8000;
/** Unsplash asks every link back to it to carry the app's name (API guidelines). */
const UNSPLASH_REFERRAL = 'utm_source=candid&utm_medium=referral';

/** The part of Unsplash's `GET /search/photos` answer we read. */
const unsplashSearchSchema = z.object({
  total_pages: z.number().int().min(0),
  results: z.array(
    z.object({
      alt_description: z.string().nullish(),
      description: z.string().nullish(),
      urls: z.object({ regular: z.string(), small: z.string() }),
      user: z
        .object({ name: z.string(), links: z.object({ html: z.string() }).partial().optional() })
        .optional(),
    }),
  ),
});

function withReferral(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${UNSPLASH_REFERRAL}`;
}

/** One page of the built-in gallery (20 per page). */
export function searchGallery(query: string, page: number): CoverSearchResponse {
  const matches = searchGalleryCovers(query);
  const skip = getSkip(page, IMAGE_SEARCH_PAGE_SIZE);
  return {
    results: matches.slice(skip, skip + IMAGE_SEARCH_PAGE_SIZE).map((cover) => {
      const url = galleryCoverUrl(cover.id);
      return { regular: url, small: url, alt: cover.alt };
    }),
    totalPages: getPageCount(matches.length, IMAGE_SEARCH_PAGE_SIZE),
  };
}

export interface CoverSearchOptions {
  /** Unsplash access key; without one the built-in gallery answers. */
  unsplashAccessKey?: string;
  /** Unsplash API base URL, without a trailing slash. */
  unsplashApiUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
}

/**
 * The job editor's cover search: Unsplash when an access key is configured (results cached
 * for {@link COVER_SEARCH_CACHE_TTL_MS}), else the built-in gallery. An empty query always
 * lists the gallery, which is what the picker shows before anything is typed.
 */
export function createCoverSearch(options: CoverSearchOptions) {
  const doFetch = options.fetch ?? fetch;
  const cache = new Map<string, { at: number; value: CoverSearchResponse }>();

  async function searchUnsplash(
    accessKey: string,
    query: string,
    page: number,
  ): Promise<CoverSearchResponse> {
    const url = new URL(`${options.unsplashApiUrl}/search/photos`);
    url.searchParams.set('query', query);
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(IMAGE_SEARCH_PAGE_SIZE));
    url.searchParams.set('orientation', 'landscape');
    url.searchParams.set('content_filter', 'high');
    let body: unknown;
    try {
      const response = await doFetch(url, {
        headers: { authorization: `Client-ID ${accessKey}`, 'accept-version': 'v1' },
        signal: AbortSignal.timeout(UNSPLASH_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Unsplash answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new AppError('INTERNAL_ERR', {
        status: 502,
        message: 'The photo search is not available right now',
        details: error,
      });
    }
    const parsed = unsplashSearchSchema.safeParse(body);
    if (!parsed.success) {
      throw new AppError('INTERNAL_ERR', {
        status: 502,
        message: 'The photo search answered in an unexpected shape',
        details: parsed.error,
      });
    }
    return {
      results: parsed.data.results.slice(0, IMAGE_SEARCH_PAGE_SIZE).map((photo): CoverPhoto => {
        const alt = photo.alt_description ?? photo.description ?? undefined;
        const profile = photo.user?.links?.html;
        return {
          regular: photo.urls.regular,
          small: photo.urls.small,
          ...(alt ? { alt } : {}),
          ...(photo.user
            ? {
                credit: {
                  name: photo.user.name,
                  url: withReferral(profile ?? 'https://unsplash.com'),
                },
              }
            : {}),
        };
      }),
      totalPages: parsed.data.total_pages,
    };
  }

  return async function searchCovers(query: string, page: number): Promise<CoverSearchResponse> {
    const accessKey = options.unsplashAccessKey;
    if (!accessKey || query === '') return searchGallery(query, page);
    const key = `${query.toLowerCase()}\n${page}`;
    const nowMs = options.now().getTime();
    const cached = cache.get(key);
    if (cached && nowMs - cached.at < COVER_SEARCH_CACHE_TTL_MS) return cached.value;
    const value = await searchUnsplash(accessKey, query, page);
    cache.delete(key);
    cache.set(key, { at: nowMs, value });
    // Maps keep insertion order, so the first key is the oldest entry.
    if (cache.size > COVER_SEARCH_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return value;
  };
}
