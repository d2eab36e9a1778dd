import { describe, expect, it } from 'vitest';
import {
  APPLICANT_OVERVIEW_PATH,
  getLoginPath,
  getPostLoginPath,
  getPostPasswordChangePath,
  POST_LOGOUT_PATH,
  POST_SIGNUP_PATH,
  POST_VERIFY_EMAIL_PATH,
  getInterviewStartPath,
  shouldLoadSession,
} from './paths';

describe('post-action destinations', () => {
  it.each([
    ['after email verification', POST_VERIFY_EMAIL_PATH, '/backoffice/job'],
    ['after signup', POST_SIGNUP_PATH, '/verify-email'],
    ['after logout', POST_LOGOUT_PATH, '/login'],
    ['after a password change, logged in', getPostPasswordChangePath(true), '/user'],
    ['after a password change, logged out', getPostPasswordChangePath(false), '/login'],
  ])('%s → %s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [null, APPLICANT_OVERVIEW_PATH],
    ['', APPLICANT_OVERVIEW_PATH],
    ['/backoffice/job?view=list', '/backoffice/job?view=list'],
    ['/create/42#questions', '/create/42#questions'],
    ['https://evil.example/', APPLICANT_OVERVIEW_PATH],
    ['//evil.example/x', APPLICANT_OVERVIEW_PATH],
    ['/\\evil.example', APPLICANT_OVERVIEW_PATH],
    ['backoffice/job', APPLICANT_OVERVIEW_PATH],
  ])('after login with redirect %j → %s', (redirect, expected) => {
    expect(getPostLoginPath(redirect)).toBe(expected);
  });

  it('login path keeps the full path, query included, encoded', () => {
    expect(getLoginPath('/backoffice/applicant?txt=a b&statuses=1')).toBe(
      '/login?redirect=%2Fbackoffice%2Fapplicant%3Ftxt%3Da%20b%26statuses%3D1',
    );
  });
});

describe('shouldLoadSession (/interview skips loading the user)', () => {
  it.each([
    ['/interview/job-1', false],
    ['/interview/job-1/inprogress', false],
    ['/interview', false],
    ['/embed/job-1', false],
    ['/not-found', true],
    ['/not-supported', false],
    ['/login', true],
    ['/backoffice/applicant', true],
    ['/verify-email', true],
    ['/interviews-report', true],
  ])('%s → %s', (pathname, expected) => {
    expect(shouldLoadSession(pathname)).toBe(expected);
  });
});

describe('getInterviewStartPath (a candidate’s way back from a mistyped link)', () => {
  it.each([
    ['/interview/job-1/nope', '/interview/job-1'],
    ['/embed/job-2/x', '/interview/job-2'],
    ['/interview', null],
    ['/backoffice/nope', null],
    ['/nope', null],
  ])('%s → %s', (pathname, expected) => {
    expect(getInterviewStartPath(pathname)).toBe(expected);
  });
});
