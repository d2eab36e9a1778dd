import { describe, expect, it } from 'vitest';
import { issuesOf, messagesAt } from '../testing/issues';
import {
  forgotPasswordEmailSchema,
  loginInputSchema,
  loginOtpInputSchema,
  newPasswordInputSchema,
  profileInputSchema,
  signupInputSchema,
  signupRequestSchema,
} from './auth';

const signup = {
  fName: 'Dana',
  lName: 'Levi',
  email: 'Dana@Example.com',
  companyName: 'Acme',
  password: 'Abcde1',
  confirmPassword: 'Abcde1',
};

describe('loginInputSchema', () => {
  it('lower-cases and trims the email, keeps the password', () => {
    expect(loginInputSchema.parse({ email: ' Dana@Example.COM ', password: 'x' })).toEqual({
      email: 'dana@example.com',
      password: 'x',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, ['email: validation.REQUIRED_VALIDATE']],
    [{ email: 'nope', password: 'x' }, ['email: validation.EMAIL_VALIDATE']],
    [{ email: 'a@b.io', password: '' }, ['password: validation.REQUIRED_VALIDATE']],
    [{}, ['email: validation.REQUIRED_VALIDATE', 'password: validation.REQUIRED_VALIDATE']],
  ])('%j → %j', (input, issues) => {
    expect(issuesOf(loginInputSchema, input)).toEqual(issues);
  });
});

describe('signupInputSchema', () => {
  it('accepts a valid signup', () => {
    expect(signupInputSchema.parse(signup)).toMatchObject({ email: 'dana@example.com' });
  });

  it.each([
    ['first name', { fName: ' ' }, 'fName', 'validation.REQUIRED_VALIDATE'],
    ['last name', { lName: '' }, 'lName', 'validation.REQUIRED_VALIDATE'],
    ['company name', { companyName: ' ' }, 'companyName', 'validation.REQUIRED_VALIDATE'],
    ['email', { email: 'x@' }, 'email', 'validation.EMAIL_VALIDATE'],
    [
      'weak password',
      { password: 'abcdef', confirmPassword: 'abcdef' },
      'password',
      'validation.PASSWORD_VALIDATE',
    ],
    [
      'empty confirmation',
      { confirmPassword: '' },
      'confirmPassword',
      'validation.REQUIRED_VALIDATE',
    ],
    [
      'different confirmation',
      { confirmPassword: 'Abcde2' },
      'confirmPassword',
      'validation.CONFIRM_PASSWORD_VALIDATE',
    ],
  ])('%s → %s: %s', (_name, change, path, message) => {
    expect(messagesAt(signupInputSchema, { ...signup, ...change }, path)).toEqual([message]);
  });

  it('shows the mismatch even while other fields are invalid', () => {
    expect(issuesOf(signupInputSchema, { ...signup, fName: '', confirmPassword: 'other' })).toEqual(
      [
        'fName: validation.REQUIRED_VALIDATE',
        'confirmPassword: validation.CONFIRM_PASSWORD_VALIDATE',
      ],
    );
  });

  it('the request body has no confirmation and the same rules', () => {
    const { confirmPassword: _c, companyName: _n, ...body } = signup;
    expect(signupRequestSchema.safeParse(body).success).toBe(true);
    expect(signupRequestSchema.safeParse({ ...body, password: 'short' }).success).toBe(false);
  });
});

describe('forgot password and new password', () => {
  it.each([
    [{ email: 'a@b.io' }, []],
    [{ email: '' }, ['email: validation.REQUIRED_VALIDATE']],
    [{ email: 'a@b' }, ['email: validation.EMAIL_VALIDATE']],
  ])('forgot %j → %j', (input, issues) => {
    expect(issuesOf(forgotPasswordEmailSchema, input)).toEqual(issues);
  });

  it.each([
    [{ password: 'Abcde1', confirmPassword: 'Abcde1' }, []],
    [
      { password: 'Abcde1', confirmPassword: 'abcde1' },
      ['confirmPassword: validation.PASS_NOT_MATCH_VALIDATE'],
    ],
    [
      { password: 'Abcde1', confirmPassword: '' },
      ['confirmPassword: validation.REQUIRED_VALIDATE'],
    ],
    [
      { password: 'abc', confirmPassword: 'abd' },
      [
        'password: errors.PASSWORD_TOO_SHORT_ERR',
        'confirmPassword: validation.PASS_NOT_MATCH_VALIDATE',
      ],
    ],
    [
      { password: '', confirmPassword: '' },
      ['password: validation.REQUIRED_VALIDATE', 'confirmPassword: validation.REQUIRED_VALIDATE'],
    ],
  ])('new password %j → %j', (input, issues) => {
    expect(issuesOf(newPasswordInputSchema, input)).toEqual(issues);
  });

  it('OTP login needs the email and a 6-digit code', () => {
    expect(loginOtpInputSchema.safeParse({ email: 'a@b.io', enteredCode: '123456' }).success).toBe(
      true,
    );
    expect(issuesOf(loginOtpInputSchema, { email: 'a@b.io', enteredCode: '12345' })).toEqual([
      'enteredCode: validation.OTP_VALIDATE',
    ]);
  });
});

describe('profileInputSchema', () => {
  const profile = { fName: 'Dana', email: 'dana@example.com', companyName: 'Acme' };

  it('first name, email and company name are enough', () => {
    expect(profileInputSchema.safeParse(profile).success).toBe(true);
  });

  it.each([
    ['fName', { fName: '' }, 'validation.REQUIRED_VALIDATE'],
    ['email', { email: '' }, 'validation.REQUIRED_VALIDATE'],
    ['email', { email: 'bad' }, 'validation.EMAIL_VALIDATE'],
    ['companyName', { companyName: '  ' }, 'validation.REQUIRED_VALIDATE'],
    ['phone', { phone: '123' }, 'validation.PHONE_VALIDATE'],
  ])('%s with %j → %s', (path, change, message) => {
    expect(messagesAt(profileInputSchema, { ...profile, ...change }, path)).toEqual([message]);
  });

  it('last name and phone may stay empty', () => {
    expect(profileInputSchema.safeParse({ ...profile, lName: '', phone: '' }).success).toBe(true);
  });
});
