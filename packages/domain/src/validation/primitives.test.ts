import { describe, expect, it } from 'vitest';
import { issuesOf } from '../testing/issues';
import {
  emailSchema,
  israeliPhoneSchema,
  loginPasswordSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  otpCodeSchema,
  passwordSchema,
  rangeSchema,
  requiredString,
  sanitizeDigits,
  trimInput,
} from './primitives';

const REQUIRED = ': validation.REQUIRED_VALIDATE';

describe('requiredString', () => {
  it.each([
    ['Dana', 'Dana'],
    ['  Dana  ', 'Dana'],
  ])('%j → %j', (input, out) => {
    expect(requiredString.parse(input)).toBe(out);
  });

  it.each([[''], ['   '], ['\t\n'], [undefined], [null]])('%j → REQUIRED_VALIDATE', (input) => {
    expect(issuesOf(requiredString, input)).toEqual([REQUIRED]);
  });
});

describe('emailSchema', () => {
  it.each([
    ['dana@example.com', 'dana@example.com'],
    ['  Dana.Levi@Example.CO.IL ', 'dana.levi@example.co.il'],
    ['first+tag@sub.domain.org', 'first+tag@sub.domain.org'],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])('valid %j → lower-cased %j', (input, out) => {
    expect(emailSchema.parse(input)).toBe(out);
  });

  it.each([
    ['plainaddress'],
    ['@example.com'],
    ['dana@'],
    ['dana@example'],
    ['dana@@example.com'],
    ['dana example@x.com'],
    ['dana@exa mple.com'],
    ['dana@.com'],
  ])('invalid %j → EMAIL_VALIDATE', (input) => {
    expect(issuesOf(emailSchema, input)).toEqual([': validation.EMAIL_VALIDATE']);
  });

  it.each([[''], ['  '], [undefined]])('empty %j → only REQUIRED_VALIDATE', (input) => {
    expect(issuesOf(emailSchema, input)).toEqual([REQUIRED]);
  });

  it('optional email: empty passes, garbage fails', () => {
    expect(optionalEmailSchema.parse(undefined)).toBeUndefined();
    expect(optionalEmailSchema.parse('  ')).toBe('');
    expect(optionalEmailSchema.parse(' A@B.io ')).toBe('a@b.io');
    expect(issuesOf(optionalEmailSchema, 'nope')).toEqual([': validation.EMAIL_VALIDATE']);
  });
});

describe('israeliPhoneSchema', () => {
  it.each([
    // mobile
    ['050-1234567'],
    ['0501234567'],
    ['052-9876543'],
    ['054-7654321'],
    ['058-1234567'],
    ['050-123-4567'],
    ['+972501234567'],
    ['972501234567'],
    ['+972-501234567'],
    ['972-50-1234567'],
    ['+972-50-1234567'],
    // landline
    ['02-6251234'],
    ['026251234'],
    ['03-6251234'],
    ['036251234'],
    ['04-8123456'],
    ['08-9123456'],
    ['09-7654321'],
    ['+97226251234'],
    ['972-3-6251234'],
    // VoIP 07x
    ['072-2123456'],
    ['077-1234567'],
    // surrounding spaces are trimmed
    ['  050-1234567  '],
  ])('%s is valid', (phone) => {
    expect(israeliPhoneSchema.safeParse(phone).success).toBe(true);
  });

  it.each([
    ['12345'],
    ['0001234567'],
    ['050-0234567'], // subscriber part cannot start with 0
    ['05-1234567'], // mobile prefix needs two digits
    ['0501234'],
    ['05012345678'],
    ['01-6251234'], // no 01 area
    ['06-6251234'], // no 06 area
    ['+9720501234567'], // no trunk 0 after 972
    ['+1-202-555-0100'],
    ['050--1234567'],
    ['050 1234567'],
    ['050-12a4567'],
    ['+ 972501234567'],
    ['phone'],
  ])('%s → PHONE_VALIDATE', (phone) => {
    expect(issuesOf(israeliPhoneSchema, phone)).toEqual([': validation.PHONE_VALIDATE']);
  });

  it('empty → REQUIRED_VALIDATE only', () => {
    expect(issuesOf(israeliPhoneSchema, ' ')).toEqual([REQUIRED]);
  });

  it('optional phone: empty passes, a bad number fails', () => {
    expect(optionalPhoneSchema.safeParse(undefined).success).toBe(true);
    expect(optionalPhoneSchema.safeParse('').success).toBe(true);
    expect(optionalPhoneSchema.safeParse('02-6251234').success).toBe(true);
    expect(issuesOf(optionalPhoneSchema, '12345')).toEqual([': validation.PHONE_VALIDATE']);
  });
});

describe('passwordSchema', () => {
  it.each([
    ['Abcde1'],
    ['aB3456'],
    ['Passw0rd'],
    ['Pa$$w0rd!'],
    ['מילהAa1'],
    ['A1bcdefghijklmnop'],
  ])('%s is valid', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it('too short → the short message alone (errors.PASSWORD_TOO_SHORT_ERR)', () => {
    expect(issuesOf(passwordSchema, 'Abcd1')).toEqual([': errors.PASSWORD_TOO_SHORT_ERR']);
    expect(issuesOf(passwordSchema, 'ab')).toEqual([': errors.PASSWORD_TOO_SHORT_ERR']);
  });

  it.each([
    ['abcdef1', 'no upper case'],
    ['ABCDEF1', 'no lower case'],
    ['Abcdefg', 'no digit'],
    ['123456', 'digits only'],
    ['      ', 'spaces only'],
  ])('%s (%s) → PASSWORD_VALIDATE', (password) => {
    expect(issuesOf(passwordSchema, password)).toEqual([': validation.PASSWORD_VALIDATE']);
  });

  it('empty → REQUIRED_VALIDATE only', () => {
    expect(issuesOf(passwordSchema, '')).toEqual([REQUIRED]);
    expect(issuesOf(passwordSchema, undefined)).toEqual([REQUIRED]);
  });

  it('is not trimmed (a password is a secret)', () => {
    expect(passwordSchema.parse(' Abcde1 ')).toBe(' Abcde1 ');
  });

  it('the login password is only required', () => {
    expect(loginPasswordSchema.safeParse('x').success).toBe(true);
    expect(issuesOf(loginPasswordSchema, '')).toEqual([REQUIRED]);
  });
});

describe('OTP', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    ['123 456', false],
  ])('%j valid: %s', (code, ok) => {
    expect(otpCodeSchema.safeParse(code).success).toBe(ok);
  });

  it('wrong codes say OTP_VALIDATE, empty says REQUIRED_VALIDATE', () => {
    expect(issuesOf(otpCodeSchema, '12')).toEqual([': validation.OTP_VALIDATE']);
    expect(issuesOf(otpCodeSchema, '')).toEqual([REQUIRED]);
  });

  it.each([
    ['123 456', '123456'],
    ['12-34-56', '123456'],
    ['a1b2c3', '123'],
    // Only ASCII digits are kept: the server compares codes as ASCII.
    ['٣4', '4'],
    ['', ''],
  ])('sanitizeDigits(%j) → %j', (input, out) => {
    expect(sanitizeDigits(input)).toBe(out);
  });
});

describe('rangeSchema (OUT_OF_RANGE_VALIDATE)', () => {
  const range = rangeSchema(1, 30);
  it.each([
    [1, 1],
    [30, 30],
    ['15', 15],
    [' 2 ', 2],
    [2.5, 2.5],
  ])('%j → %j', (input, out) => {
    expect(range.parse(input)).toBe(out);
  });

  it.each([[0], [31], [-1], ['31'], ['abc'], [Number.NaN]])(
    '%j → OUT_OF_RANGE_VALIDATE',
    (input) => {
      expect(issuesOf(range, input)).toEqual([': validation.OUT_OF_RANGE_VALIDATE']);
    },
  );

  it.each([[undefined], [null], ['']])('%j → REQUIRED_VALIDATE', (input) => {
    expect(issuesOf(range, input)).toEqual([REQUIRED]);
  });

  it('integer ranges reject fractions', () => {
    expect(issuesOf(rangeSchema(1, 30, { integer: true }), 2.5)).toEqual([
      ': validation.OUT_OF_RANGE_VALIDATE',
    ]);
  });
});

describe('trimInput', () => {
  it('trims strings deeply and leaves other values', () => {
    const date = new Date(0);
    expect(trimInput({ a: ' x ', b: [' y ', 1, null], c: { d: ' z ', e: true }, f: date })).toEqual(
      { a: 'x', b: ['y', 1, null], c: { d: 'z', e: true }, f: date },
    );
    expect(trimInput('  q ')).toBe('q');
  });
});
