/** Widths offered for a stock photo: a 360 px phone at 1x up to a wide screen at 2x. */
const COVER_WIDTHS = [480, 720, 1080, 1440] as const;
/** The invitation card is at most 720 px wide (the candidate frame's container); full width below. */
export const COVER_SIZES = '(min-width: 760px) 720px, 100vw';

export interface CoverSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The job cover as the browser should fetch it. Stock photos come from Unsplash's image CDN,
 * which resizes and re-encodes on request: the browser picks a width for its screen from the
 * `srcset`, and `auto=format` answers WebP or AVIF to browsers that take them. The built-in
 * gallery covers are SVG (sharp at any size) and uploaded images are served as they are.
 */
export function getCoverSources(url: string): CoverSources {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { src: url };
  }
  if (parsed.protocol !== 'https:' || parsed.hostname !== 'images.unsplash.com')
    return { src: url };
  const sized = (width: number) => {
    const variant = new URL(parsed);
    variant.searchParams.set('w', String(width));
    variant.searchParams.set('auto', 'format');
    variant.searchParams.set('fit', 'crop');
    variant.searchParams.set('q', '75');
    variant.searchParams.delete('fm');
    return variant.href;
  };
  return {
    src: sized(COVER_WIDTHS[1]),
    srcSet: COVER_WIDTHS.map((width) => `${sized(width)} ${width}w`).join(', '),
    sizes: COVER_SIZES,
  };
}
