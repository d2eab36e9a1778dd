import { describe, expect, it } from 'vitest';
import { issuesOf } from '../testing/issues';
import {
  accountListQuerySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  sessionUserSchema,
  signupBodySchema,
  userPasswordBodySchema,
  userUpdateBodySchema,
  verifyCodeBodySchema,
} from './auth.schemas';

describe('signupBodySchema', () => {
  const body = { fName: ' Dana ', lName: 'Levi', email: ' Dana@Example.com', password: 'Abcde1' };

  it('trims names and lower-cases the email; language and company are optional', () => {
    expect(signupBodySchema.parse(body)).toEqual({
      fName: 'Dana',
      lName: 'Levi',
      email: 'dana@example.com',
      password: 'Abcde1',
    });
    expect(signupBodySchema.parse({ ...body, lang: 'he', companyName: ' Acme ' })).toMatchObject({
      lang: 'he',
      companyName: 'Acme',
    });
  });

  it.each([
    [{ ...body, password: 'abcdef' }, ['password: validation.PASSWORD_VALIDATE']],
    [{ ...body, lang: 'fr' }, ['lang: Invalid option: expected one of "en"|"he"']],
    [{ ...body, fName: ' ' }, ['fName: validation.REQUIRED_VALIDATE']],
  ])('%j → %j', (input, issues) => {
    expect(issuesOf(signupBodySchema, input)).toEqual(issues);
  });
});

describe('loginBodySchema', () => {
  it('lets missing fields through so the server can answer EMAIL_PASSWORD_MISSING_ERR', () => {
    expect(loginBodySchema.parse({})).toEqual({});
  });
});

describe('verifyCodeBodySchema and resetPasswordBodySchema', () => {
  it('takes a 6-digit code and an optional lower-cased email', () => {
    expect(verifyCodeBodySchema.parse({ enteredCode: '123456', email: 'A@B.io' })).toEqual({
      enteredCode: '123456',
      email: 'a@b.io',
    });
    expect(issuesOf(verifyCodeBodySchema, { enteredCode: '12345' })).toEqual([
      'enteredCode: validation.OTP_VALIDATE',
    ]);
  });

  it('needs the code with the new password, which follows the password rule', () => {
    expect(issuesOf(resetPasswordBodySchema, { email: 'a@b.io', password: 'weak' })).toEqual([
      'password: errors.PASSWORD_TOO_SHORT_ERR',
      'code: validation.REQUIRED_VALIDATE',
    ]);
  });
});

describe('userUpdateBodySchema', () => {
  it('accepts a partial profile and drops fields a client echoes back', () => {
    const parsed = userUpdateBodySchema.parse({
      user: { fName: 'Dana', emailVerified: true, lastLogin: null, language: 'he' },
    });
    expect(parsed).toEqual({ user: { fName: 'Dana', language: 'he' } });
  });

  it.each([
    [{ email: 'nope' }, ['user.email: validation.EMAIL_VALIDATE']],
    [{ phone: '123' }, ['user.phone: validation.PHONE_VALIDATE']],
    [{ perm: 5 }, ['user.perm: validation.INVALID_VALUE']],
    [{ fName: '' }, ['user.fName: validation.REQUIRED_VALIDATE']],
  ])('%j → %j', (user, issues) => {
    expect(issuesOf(userUpdateBodySchema, { user })).toEqual(issues);
  });
});

describe('userPasswordBodySchema', () => {
  it('applies the password rule to the new password', () => {
    expect(issuesOf(userPasswordBodySchema, { newPassword: 'short' })).toEqual([
      'newPassword: errors.PASSWORD_TOO_SHORT_ERR',
    ]);
    expect(issuesOf(userPasswordBodySchema, { newPassword: 'longenough' })).toEqual([
      'newPassword: validation.PASSWORD_VALIDATE',
    ]);
  });
});

describe('accountListQuerySchema', () => {
  it('defaults to the first page of 30, sorted by first name descending', () => {
    expect(accountListQuerySchema.parse({})).toEqual({
      txt: '',
      currPage: 1,
      itemsPerPage: 30,
      sort: { field: 'fName', order: 'desc' },
    });
  });

  it('reads query-string values', () => {
    expect(
      accountListQuerySchema.parse({ txt: ' dana ', currPage: '2', sort: 'lastLogin:desc' }),
    ).toMatchObject({ txt: 'dana', currPage: 2, sort: { field: 'lastLogin', order: 'desc' } });
    expect(accountListQuerySchema.parse({ sort: 'email' }).sort).toEqual({
      field: 'email',
      order: 'asc',
    });
  });

  it.each(['password:asc', 'fName:up'])('rejects the sort %s', (sort) => {
    expect(issuesOf(accountListQuerySchema, { sort })).toEqual(['sort: validation.INVALID_VALUE']);
  });
});

describe('sessionUserSchema', () => {
  it('adds the language, English by default', () => {
    const user = sessionUserSchema.parse({ _id: 'u1', fName: 'Dana', email: 'd@x.io' });
    expect(user.language).toBe('en');
    expect(user).toMatchObject({ perm: 999, advancedPrm: {}, emailVerified: false, role: 'user' });
  });
});
