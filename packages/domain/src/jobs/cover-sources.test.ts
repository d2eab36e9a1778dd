import { describe, expect, it } from 'vitest';
import { COVER_SIZES, getCoverSources } from './cover-sources';

describe('getCoverSources', () => {
  it('offers stock photos in several widths, in a modern format the browser accepts', () => {
    const sources = getCoverSources(
      'https://images.unsplash.com/photo-1?ixid=abc&ixlib=rb-4.0.3&q=80&w=1080&fm=jpg',
    );
    const candidates = sources.srcSet?.split(', ') ?? [];
    expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual([
      '480w',
      '720w',
      '1080w',
      '1440w',
    ]);
    for (const candidate of candidates) {
      const url = new URL(candidate.split(' ')[0] ?? '');
      expect(url.searchParams.get('w')).toBe(candidate.split(' ')[1]?.replace('w', ''));
      expect(url.searchParams.get('auto')).toBe('format');
      expect(url.searchParams.has('fm')).toBe(false);
      expect(url.searchParams.get('ixid')).toBe('abc');
    }
    expect(new URL(sources.src).searchParams.get('w')).toBe('720');
    expect(sources.sizes).toBe(COVER_SIZES);
  });

  it('keeps built-in gallery covers, uploads and anything unparsable as they are', () => {
    expect(getCoverSources('/api/covers/waves.svg')).toEqual({ src: '/api/covers/waves.svg' });
    expect(getCoverSources('https://example.com/cover.jpg')).toEqual({
      src: 'https://example.com/cover.jpg',
    });
    expect(getCoverSources('http://images.unsplash.com/photo-1')).toEqual({
      src: 'http://images.unsplash.com/photo-1',
    });
  });
});
