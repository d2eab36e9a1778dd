import { z } from 'zod';
import { IMAGE_SEARCH_PAGE_SIZE } from '../common/constants';
import { currPageSchema } from '../common/pagination';
import { searchTextSchema } from '../common/query';

/**
 * The job editor's cover search (a stock-photo search by text, 20 per page, with
 * regular and small URLs). Served by the server from a stock-photo provider when one is
 * configured, else from the built-in gallery of covers.
 */

/** `GET covers/search?query&page`: the search text (trimmed; empty lists the gallery), 1-based page. */
export const coverSearchQuerySchema = z.object({
  query: searchTextSchema,
  page: currPageSchema,
});
export type CoverSearchQuery = z.infer<typeof coverSearchQuerySchema>;

/** One photo to choose as a job cover. */
export const coverPhotoSchema = z.object({
  /** The URL to store as the job's coverUrl. */
  regular: z.string(),
  /** A smaller rendition for the picker's thumbnails. */
  small: z.string(),
  /** Describes the picture for screen readers. */
  alt: z.string().optional(),
  /** The photographer, shown beside the photo where the provider asks for attribution. */
  credit: z.object({ name: z.string(), url: z.string() }).optional(),
});
export type CoverPhoto = z.infer<typeof coverPhotoSchema>;

/** Answer of the cover search: at most {@link IMAGE_SEARCH_PAGE_SIZE} photos and the page count. */
export const coverSearchResponseSchema = z.object({
  results: z.array(coverPhotoSchema).max(IMAGE_SEARCH_PAGE_SIZE),
  totalPages: z.number().int().min(0),
});
export type CoverSearchResponse = z.infer<typeof coverSearchResponseSchema>;
