import { describe, expect, it } from 'vitest';
import { validateCandidateForm } from './details-form';

const VALID = {
  fName: ' Noa ',
  lName: 'Cohen',
  email: 'noa@example.com',
  phone: '+972-501234567',
  hometown: 'Haifa',
};
const pdf = (size: number) => ({ name: 'cv.pdf', type: 'application/pdf', size }) as File;

describe('validateCandidateForm', () => {
  it('accepts valid details without a CV when none is required', () => {
    expect(validateCandidateForm(VALID, null, { isCvRequired: false })).toEqual({});
  });
  it('requires every field (blank after trimming counts as empty)', () => {
    const errors = validateCandidateForm(
      { fName: '  ', lName: '', email: '', phone: '', hometown: '' },
      null,
      { isCvRequired: false },
    );
    expect(Object.keys(errors).sort()).toEqual(['email', 'fName', 'hometown', 'lName', 'phone']);
  });
  it('checks the CV only when the job requires it, with format and size', () => {
    expect(validateCandidateForm(VALID, null, { isCvRequired: true })).toEqual({
      cv: 'validation.REQUIRED_VALIDATE',
    });
    expect(validateCandidateForm(VALID, pdf(5_000_000), { isCvRequired: true })).toEqual({});
    expect(validateCandidateForm(VALID, pdf(5_000_001), { isCvRequired: true })).toEqual({
      cv: 'validation.FILE_TOO_LARGE',
    });
    const png = { name: 'me.png', type: 'image/png', size: 10 } as File;
    expect(validateCandidateForm(VALID, png, { isCvRequired: false })).toEqual({
      cv: 'validation.CV_FORMAT_VALIDATE',
    });
  });
  it('rejects a non-Israeli phone', () => {
    expect(
      validateCandidateForm({ ...VALID, phone: '12345' }, null, { isCvRequired: false }),
    ).toEqual({
      phone: 'validation.PHONE_VALIDATE',
    });
  });
});
