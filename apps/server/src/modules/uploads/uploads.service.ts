import { randomBytes } from 'node:crypto';
import type { ProfileImageMimeType } from '@candid/domain';
import type { Db } from '../../db/client';
import {
  isCompletedUploadOfKind,
  recordStoredObject,
} from '../interview-uploads/interview-uploads.service';

/** Kinds of stored object anyone may fetch through `/api/files/…` (logos show on the public invitation page). */
export const PUBLIC_UPLOAD_KINDS = ['avatar', 'logo', 'cover'] as const;
export type PublicUploadKind = (typeof PUBLIC_UPLOAD_KINDS)[number];

const EXTENSIONS: Record<ProfileImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The image type the bytes really are, from their signature, or null. The declared
 * Content-Type is not trusted alone: the object is later served with the type recorded here.
 */
export function sniffImageType(bytes: Buffer): ProfileImageMimeType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1')))
    return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Where an organisation's profile images live: `org/<orgId>/images/<random>.<ext>`. */
export function imageKey(orgId: string, type: ProfileImageMimeType): string {
  return `org/${orgId}/images/${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
}

/** Records a stored image in `uploads` (complete at once: it was uploaded in one request). */
export async function recordImageUpload(
  db: Db,
  input: {
    orgId: string;
    kind: PublicUploadKind;
    key: string;
    contentType: string;
    sizeBytes: number;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = input;
  await recordStoredObject(db, { ...rest, createdAt: now });
}

/** True when `key` is a completed upload of a public kind. */
export async function isPublicUpload(db: Db, key: string): Promise<boolean> {
  return isCompletedUploadOfKind(db, key, PUBLIC_UPLOAD_KINDS);
}
