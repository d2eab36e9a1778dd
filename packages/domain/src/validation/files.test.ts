import { describe, expect, it } from 'vitest';
import {
  CV_ACCEPT,
  cvOriginalName,
  cvStorageName,
  validateCvFile,
  validateImageFile,
} from './files';

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('validateCvFile', () => {
  it.each([
    ['pdf', { name: 'cv.pdf', type: PDF, size: 1000 }],
    ['doc', { name: 'cv.doc', type: DOC, size: 1000 }],
    ['docx', { name: 'cv.docx', type: DOCX, size: 1000 }],
    ['docx with no MIME type', { name: 'cv.DOCX', type: '', size: 1000 }],
    [
      'pdf reported as octet-stream',
      { name: 'cv.pdf', type: 'application/octet-stream', size: 1000 },
    ],
    ['pdf MIME with an odd name', { name: 'resume', type: PDF, size: 1000 }],
    ['exactly 5,000,000 bytes', { name: 'cv.pdf', type: PDF, size: 5_000_000 }],
  ])('%s is accepted', (_name, file) => {
    expect(validateCvFile(file, { isCvRequired: true })).toEqual({ ok: true, field: 'cv' });
  });

  it.each([
    [
      '5,000,001 bytes',
      { name: 'cv.pdf', type: PDF, size: 5_000_001 },
      'validation.FILE_TOO_LARGE',
    ],
    [
      'an image',
      { name: 'cv.png', type: 'image/png', size: 1000 },
      'validation.CV_FORMAT_VALIDATE',
    ],
    [
      'a text file',
      { name: 'cv.txt', type: 'text/plain', size: 1000 },
      'validation.CV_FORMAT_VALIDATE',
    ],
    [
      'an rtf',
      { name: 'cv.rtf', type: 'application/rtf', size: 1000 },
      'validation.CV_FORMAT_VALIDATE',
    ],
    [
      'no type and no extension',
      { name: 'cv', type: '', size: 1000 },
      'validation.CV_FORMAT_VALIDATE',
    ],
  ])('%s → %s on cv', (_name, file, key) => {
    expect(validateCvFile(file, { isCvRequired: false })).toEqual({ ok: false, key, field: 'cv' });
  });

  it.each([
    [true, { ok: false, key: 'validation.REQUIRED_VALIDATE', field: 'cv' }],
    [false, { ok: true, field: 'cv' }],
  ])('a missing CV when required is %s → %j', (isCvRequired, result) => {
    expect(validateCvFile(null, { isCvRequired })).toEqual(result);
    expect(validateCvFile(undefined, { isCvRequired })).toEqual(result);
  });

  it('the picker accepts the three MIME types and extensions', () => {
    for (const part of [PDF, DOC, DOCX, '.pdf', '.doc', '.docx'])
      expect(CV_ACCEPT.split(',')).toContain(part);
  });
});

describe('cvStorageName', () => {
  it.each([
    ['cv.pdf', 1714557600000, 'cv.pdf-1714557600000'],
    ['Dana Levi CV.docx', new Date(1714557600000), 'Dana Levi CV.docx-1714557600000'],
    ['../../etc/passwd', 1, '.._.._etc_passwd-1'],
  ])('%j at %j → %j', (name, timestamp, out) => {
    expect(cvStorageName(name, timestamp)).toBe(out);
  });
});

describe('cvOriginalName', () => {
  it.each([
    ['cv.pdf-1714557600000', 'cv.pdf'],
    ['Dana Levi CV-2024.docx-1714557600000', 'Dana Levi CV-2024.docx'],
    ['no-timestamp.pdf', 'no-timestamp.pdf'],
  ])('%j → %j', (stored, out) => {
    expect(cvOriginalName(stored)).toBe(out);
  });
});

describe('validateImageFile', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, { ok: true }],
    [{ type: 'image/jpeg', size: 200 * 1024 }, { ok: true }],
    [
      { type: 'image/webp', size: 200 * 1024 + 1 },
      { ok: false, key: 'validation.FILE_TOO_LARGE' },
    ],
    [{ type: 'image/svg+xml', size: 10 }, { ok: true }],
    [
      { type: 'application/pdf', size: 10 },
      { ok: false, key: 'validation.IMAGE_FORMAT_VALIDATE' },
    ],
    [
      { type: '', size: 10 },
      { ok: false, key: 'validation.IMAGE_FORMAT_VALIDATE' },
    ],
  ])('%j → %j', (file, result) => {
    expect(validateImageFile(file)).toEqual(result);
  });
});
