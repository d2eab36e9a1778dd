import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../lib/app-error';

/**
 * What the rich-text editor produces and the product shows: paragraphs, headings, lists,
 * emphasis, quotes, code and links. Everything else (scripts, styles, iframes, images,
 * forms, event handlers) is removed before a description is stored.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ol: ['start'],
    // Text direction and alignment matter for Hebrew descriptions.
    '*': ['dir', 'style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(?:left|right|center|justify|start|end)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open away from the interview, without giving the target page a handle on it.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** A rich-text (HTML) field made safe to store and render (sanitize-html). */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

/**
 * Whether a stored image or video address is harmless to put in `src`: empty, an address on
 * this site (`/api/files/…`, `/api/covers/…`) or an http(s) URL; never `javascript:` or `data:`.
 */
export function isSafeMediaUrl(url: string | null | undefined): boolean {
  if (!url) return true;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** 400 VALIDATION_ERR naming the first unsafe address among `urls` (field name → value). */
export function assertSafeMediaUrls(urls: Record<string, string | null | undefined>): void {
  for (const [field, url] of Object.entries(urls)) {
    if (!isSafeMediaUrl(url)) {
      throw new AppError('VALIDATION_ERR', {
        message: `${field} must be an http(s) address or a path on this site`,
      });
    }
  }
}
