import { describe, expect, it } from 'vitest';
import { issuesOf, messagesAt } from '../testing/issues';
import {
  accountInputSchema,
  applicantEditSchema,
  candidateDetailsSchema,
  canUploadCv,
  noteInputSchema,
} from './forms';

const candidate = {
  fName: 'Dana',
  lName: 'Levi',
  email: 'dana@example.com',
  hometown: 'Haifa',
  phone: '050-1234567',
};

describe('candidateDetailsSchema (all required)', () => {
  it('accepts and trims', () => {
    expect(candidateDetailsSchema.parse({ ...candidate, hometown: ' Haifa ' }).hometown).toBe(
      'Haifa',
    );
  });

  it.each([
    ['fName', ''],
    ['lName', ' '],
    ['email', ''],
    ['hometown', ''],
    ['phone', ''],
  ])('%s empty → REQUIRED_VALIDATE', (field, value) => {
    expect(messagesAt(candidateDetailsSchema, { ...candidate, [field]: value }, field)).toEqual([
      'validation.REQUIRED_VALIDATE',
    ]);
  });

  it.each([
    ['email', 'dana@', 'validation.EMAIL_VALIDATE'],
    ['phone', '12345', 'validation.PHONE_VALIDATE'],
  ])('%s %j → %s', (field, value, message) => {
    expect(messagesAt(candidateDetailsSchema, { ...candidate, [field]: value }, field)).toEqual([
      message,
    ]);
  });

  it.each([
    [{ fName: 'Dana', lName: 'Levi' }, true],
    [{ fName: 'Dana', lName: ' ' }, false],
    [{ fName: '', lName: 'Levi' }, false],
    [{}, false],
  ])('CV upload enabled for %j: %s', (details, ok) => {
    expect(canUploadCv(details)).toBe(ok);
  });
});

describe('applicantEditSchema', () => {
  it.each([
    [{ fName: 'Dana' }, []],
    [{ fName: 'Dana', lName: '', email: '', phone: '', hometown: '' }, []],
    [{ fName: '' }, ['fName: validation.REQUIRED_VALIDATE']],
    [{ fName: 'Dana', email: 'x' }, ['email: validation.EMAIL_VALIDATE']],
    [{ fName: 'Dana', phone: '123' }, ['phone: validation.PHONE_VALIDATE']],
    [{ fName: 'Dana', email: 'A@B.io', phone: '03-6251234' }, []],
  ])('%j → %j', (input, issues) => {
    expect(issuesOf(applicantEditSchema, input)).toEqual(issues);
  });
});

describe('noteInputSchema', () => {
  it.each([
    [{ txt: '  Good  ' }, { txt: 'Good' }],
    [
      { txt: 'Good', timeStamp: '01:05' },
      { txt: 'Good', timeStamp: '01:05' },
    ],
  ])('%j → %j', (input, out) => {
    expect(noteInputSchema.parse(input)).toEqual(out);
  });

  it.each([
    [{ txt: '   ' }, ['txt: validation.REQUIRED_VALIDATE']],
    [{ txt: 'x', timeStamp: '1:60' }, ['timeStamp: validation.OUTSIDE_LIMITS']],
  ])('%j → %j', (input, issues) => {
    expect(issuesOf(noteInputSchema, input)).toEqual(issues);
  });
});

describe('accountInputSchema', () => {
  const account = { fName: 'Dana', email: 'dana@example.com', perm: 3 };
  it.each([
    [account, []],
    [{ ...account, perm: 5 }, ['perm: validation.INVALID_VALUE']],
    [{ ...account, role: 'root' }, ['role: validation.INVALID_VALUE']],
    [{ ...account, password: 'weak' }, ['password: errors.PASSWORD_TOO_SHORT_ERR']],
  ])('%j → %j', (input, issues) => {
    expect(issuesOf(accountInputSchema, input)).toEqual(issues);
  });

  it('role defaults to user', () => {
    expect(accountInputSchema.parse(account).role).toBe('user');
  });
});
