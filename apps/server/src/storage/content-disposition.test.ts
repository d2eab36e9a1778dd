import { describe, expect, it } from 'vitest';
import { formatContentDisposition } from './content-disposition';

describe('formatContentDisposition', () => {
  it('sends an ASCII fallback and the exact UTF-8 name', () => {
    expect(formatContentDisposition('קורות חיים "v2".pdf')).toBe(
      `attachment; filename="_____ ____ _v2_.pdf"; filename*=UTF-8''${encodeURIComponent('קורות חיים "v2".pdf')}`,
    );
  });

  it('escapes the characters RFC 5987 does not allow unencoded', () => {
    expect(formatContentDisposition("it's (1)*.pdf")).toBe(
      `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`,
    );
  });
});
