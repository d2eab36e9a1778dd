import { z } from 'zod';
import { VALIDATION_KEYS } from './validation-keys';

/** Characters of text (not markup) a job's description may have. */
export const JOB_DESC_MAX_CHARS = 5000;
/** Characters of text (not markup) a question's description may have. */
export const QUESTION_DESC_MAX_CHARS = 1000;

/**
 * The characters of rich-text HTML as the editor counts them (rich-text-extensions.ts): the
 * text without tags, a character entity as one character, a line break as one, paragraphs not
 * separated.
 */
export function richTextLength(html: string): number {
  return html
    .replace(/<br\s*\/?>/giu, ' ')
    .replace(/<[^>]*>/gu, '')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/giu, '_').length;
}

/** Whether rich-text HTML shows nothing to read: no text once tags are taken out. */
export function isRichTextBlank(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/gu, '')
      .replace(/&nbsp;|&#160;|&#xa0;/giu, ' ')
      .trim() === ''
  );
}

/**
 * A rich-text field with the editor's character limit: more than `max` characters of text is
 * TEXT_TOO_LONG_VALIDATE (the editor stops input at the limit; this is for everything else).
 */
export function richTextSchema(max: number) {
  return z
    .string()
    .refine((html) => richTextLength(html) <= max, {
      error: VALIDATION_KEYS.TEXT_TOO_LONG_VALIDATE,
    })
    .default('');
}
