import { createHash } from 'node:crypto';
import { COVER_DEFINITIONS } from './cover-definitions';

/**
 * The built-in gallery of job covers that ships with the app (the default when no
 * stock-photo key is set). Each cover is a small abstract landscape drawn as SVG from a few
 * parameters, so the gallery needs no binary assets and stays sharp at any size (1–4 KB each).
 * Tags in English and Hebrew make them searchable in both UI languages.
 */

export interface GalleryCover {
  /** Stable id, also the file name: `/api/covers/{id}.svg`. */
  id: string;
  /** English description for screen readers. */
  alt: string;
  /** Search terms, English and Hebrew. */
  tags: readonly string[];
  svg: string;
  /** Strong validator for conditional requests. */
  etag: string;
}

/** Every built-in cover, rendered once at start. */
export const GALLERY_COVERS: readonly GalleryCover[] = COVER_DEFINITIONS.map((definition) => {
  const svg = definition.draw();
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`;
  return { id: definition.id, alt: definition.alt, tags: definition.tags, svg, etag };
});

/** The app URL a built-in cover is served at (stored as a job's or template's coverUrl). */
export function galleryCoverUrl(id: string): string {
  return `/api/covers/${id}.svg`;
}

/** The cover behind `{id}.svg`, or null. */
export function findGalleryCover(fileName: string): GalleryCover | null {
  const match = /^([a-z0-9-]+)\.svg$/.exec(fileName);
  if (!match) return null;
  return GALLERY_COVERS.find((cover) => cover.id === match[1]) ?? null;
}

function normalize(text: string): string {
  return text.toLocaleLowerCase('en').normalize('NFC');
}

/** Whether one search word matches a tag: a tag that contains it, or a longer word that contains a tag (Hebrew prefixes: "הים" finds "ים"). */
function wordMatches(word: string, tag: string): boolean {
  return tag.includes(word) || (tag.length >= 2 && word.length > tag.length && word.includes(tag));
}

/**
 * Covers whose tags match every word of the query (English or Hebrew, case-insensitive);
 * an empty query lists the whole gallery.
 */
export function searchGalleryCovers(query: string): GalleryCover[] {
  const words = normalize(query)
    .split(/[\s,]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return [...GALLERY_COVERS];
  return GALLERY_COVERS.filter((cover) => {
    const terms = [...cover.tags.map(normalize), cover.id, ...cover.id.split('-')];
    return words.every((word) => terms.some((tag) => wordMatches(word, tag)));
  });
}
