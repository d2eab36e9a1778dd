import { describe, expect, it } from 'vitest';
import { candidateFormSchema } from './forms';

const VALID = {
  fName: ' Noa ',
  lName: 'Cohen',
  email: 'noa@example.com',
  phone: '+972-501234567',
  hometown: 'Haifa',
};
const pdf = (size: number) => ({ name: 'cv.pdf', type: 'application/pdf', size });

/** Field → i18n key of its first problem, as the form shows them. */
function errorsOf(values: object, rule: { isCvRequired: boolean }) {
  const result = candidateFormSchema(rule).safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('candidateFormSchema', () => {
  it('accepts valid details without a CV when none is required, trimmed', () => {
    const result = candidateFormSchema({ isCvRequired: false }).safeParse({ ...VALID, cv: null });
    expect(result.success && result.data.fName).toBe('Noa');
  });

  it('requires every field (blank after trimming counts as empty), with the CV alongside', () => {
    const errors = errorsOf(
      { fName: '  ', lName: '', email: '', phone: '', hometown: '', cv: null },
      { isCvRequired: true },
    );
    expect(Object.keys(errors).sort()).toEqual([
      'cv',
      'email',
      'fName',
      'hometown',
      'lName',
      'phone',
    ]);
  });

  it('checks the CV only when the job requires it, with format and size', () => {
    const required = { isCvRequired: true };
    expect(errorsOf({ ...VALID, cv: null }, required)).toEqual({
      cv: 'validation.REQUIRED_VALIDATE',
    });
    expect(errorsOf({ ...VALID, cv: pdf(5_000_000) }, required)).toEqual({});
    expect(errorsOf({ ...VALID, cv: pdf(5_000_001) }, required)).toEqual({
      cv: 'validation.FILE_TOO_LARGE',
    });
    const png = { name: 'me.png', type: 'image/png', size: 10 };
    expect(errorsOf({ ...VALID, cv: png }, { isCvRequired: false })).toEqual({
      cv: 'validation.CV_FORMAT_VALIDATE',
    });
  });

  it('rejects a non-Israeli phone', () => {
    expect(errorsOf({ ...VALID, phone: '12345', cv: null }, { isCvRequired: false })).toEqual({
      phone: 'validation.PHONE_VALIDATE',
    });
  });
});
