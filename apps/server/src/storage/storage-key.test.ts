import { describe, expect, it } from 'vitest';
import { assertValidKey } from './storage-key';

describe('assertValidKey', () => {
  it.each([
    'job/applicant-job-quest-face.webm',
    'a',
    'job 1/שם-קובץ.webm',
    'a.b/c.d',
    'x'.repeat(1024),
  ])('accepts %j', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    ['empty', ''],
    ['a parent segment', 'job/../secret'],
    ['a bare parent', '..'],
    ['dots inside a name', 'job/a..webm'],
    ['a leading slash', '/job/a.webm'],
    ['a trailing slash', 'job/'],
    ['a backslash', 'job\\a.webm'],
    ['a NUL', 'job/a\u0000.webm'],
    ['a newline', 'job/a\n.webm'],
    ['DEL', 'job/a\u007f.webm'],
    ['an empty segment', 'job//a.webm'],
    ['a dot segment', 'job/./a.webm'],
    ['over 1024 bytes', 'ש'.repeat(513)],
  ])('refuses a key with %s', (_label, key) => {
    expect(() => assertValidKey(key)).toThrowError(
      expect.objectContaining({ code: 'INVALID_KEY' }),
    );
  });
});
