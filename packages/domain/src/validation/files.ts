import { CV_MAX_BYTES, IMAGE_MAX_BYTES } from '../common/constants';
import { VALIDATION_KEYS } from './validation-keys';
import type { ValidationKey } from './validation-keys';

/** CV MIME types accepted: PDF, DOC and DOCX. */
export const CV_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** CV file extensions accepted, for browsers that report no or a generic MIME type. */
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
/** The file picker's `accept` attribute for CVs. */
export const CV_ACCEPT = [...CV_MIME_TYPES, ...CV_EXTENSIONS.map((ext) => `.${ext}`)].join(',');
/** The file picker's `accept` attribute for profile, logo and cover images. */
export const IMAGE_ACCEPT = 'image/*';

export type FileCheckResult = { ok: true } | { ok: false; key: ValidationKey };

function getExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Checks a CV. A missing CV is REQUIRED only when the job requires one.
 * The format is accepted by MIME type or by extension, since some systems report DOCX files
 * as `application/octet-stream` or with no type at all; anything else is CV_FORMAT_VALIDATE.
 * Over {@link CV_MAX_BYTES} is FILE_TOO_LARGE. The error belongs to the field named `cv`.
 */
export function validateCvFile(
  file: { name: string; type: string; size: number } | null | undefined,
  rule: { isCvRequired: boolean },
): FileCheckResult & { field: 'cv' } {
  if (!file) {
    return rule.isCvRequired
      ? { ok: false, key: VALIDATION_KEYS.REQUIRED_VALIDATE, field: 'cv' }
      : { ok: true, field: 'cv' };
  }
  const typeOk = (CV_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (CV_EXTENSIONS as readonly string[]).includes(getExtension(file.name));
  if (!typeOk && !extensionOk)
    return { ok: false, key: VALIDATION_KEYS.CV_FORMAT_VALIDATE, field: 'cv' };
  if (file.size > CV_MAX_BYTES)
    return { ok: false, key: VALIDATION_KEYS.FILE_TOO_LARGE, field: 'cv' };
  return { ok: true, field: 'cv' };
}

/**
 * Storage name of an uploaded CV: the CV's name, a dash, the upload timestamp in
 * milliseconds. Path separators in the name become underscores so a name cannot reach
 * outside the CV folder.
 */
export function cvStorageName(cvName: string, timestamp: number | Date): string {
  const ms = typeof timestamp === 'number' ? timestamp : timestamp.getTime();
  return `${cvName.replace(/[/\\]/gu, '_')}-${ms}`;
}

/** The candidate's own CV file name, from its storage name (the timestamp suffix removed). */
export function cvOriginalName(storedName: string): string {
  return storedName.replace(/-\d{10,}$/u, '');
}

/**
 * Checks a profile, logo or cover image: an `image/*` type (IMAGE_FORMAT_VALIDATE)
 * of at most {@link IMAGE_MAX_BYTES} (FILE_TOO_LARGE, shown as the "File size is too large" alert).
 */
export function validateImageFile(file: { type: string; size: number }): FileCheckResult {
  if (!file.type.toLowerCase().startsWith('image/')) {
    return { ok: false, key: VALIDATION_KEYS.IMAGE_FORMAT_VALIDATE };
  }
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, key: VALIDATION_KEYS.FILE_TOO_LARGE };
  return { ok: true };
}
