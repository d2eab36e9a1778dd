import { randomBytes } from 'node:crypto';
import { CV_MIME_TYPES } from '@candid/domain';

export type CvMimeType = (typeof CV_MIME_TYPES)[number];

const DOCX: CvMimeType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const BY_EXTENSION: Record<string, CvMimeType> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: DOCX,
};

/** The CV type its bytes say (PDF, OLE2 Word, or a ZIP as DOCX is), or null. */
export function sniffCvType(bytes: Buffer): CvMimeType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'application/msword';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return DOCX;
  return null;
}

/**
 * The type a CV was declared as: its Content-Type when that is a CV type, else what its file
 * extension says (browsers report DOCX as octet-stream or nothing), else null.
 */
export function declaredCvType(contentType: string, fileName: string): CvMimeType | null {
  if ((CV_MIME_TYPES as readonly string[]).includes(contentType)) return contentType as CvMimeType;
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? null : (BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null);
}

/** A file name made safe as one storage key segment (no "..", slashes or control characters). */
export function safeKeySegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/gu, '_').replace(/\.{2,}/gu, '.');
  return cleaned === '' || cleaned === '.' ? 'file' : cleaned;
}

/** Where a candidate's own files live: `<jobId>/<applicantId>/<folder>/<name>`. */
export function applicantFileKey(
  jobId: string,
  applicantId: string,
  folder: 'cv' | 'image' | 'answers',
  name: string,
): string {
  return `${jobId}/${applicantId}/${folder}/${safeKeySegment(name)}`;
}

/** A fresh image name: `<prefix>-<random>.<ext>`, so a new image never hits an old cache. */
export function imageFileName(prefix: string, type: 'image/jpeg' | 'image/png'): string {
  return `${prefix}-${randomBytes(8).toString('hex')}.${type === 'image/png' ? 'png' : 'jpg'}`;
}
