import type { User } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { resolveGuard, type GuardResult, type GuardSession } from './guards';
import { ROUTE_TABLE, type RouteId } from './route-table';
import type { AppRoute } from './route-types';

function route(id: RouteId): AppRoute {
  const found = ROUTE_TABLE.find((entry) => entry.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}

function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    fName: 'Dana',
    lName: 'Levi',
    email: 'dana@example.com',
    companyName: 'Acme',
    coverUrls: [],
    role: 'user',
    lastLogin: null,
    perm: 999,
    advancedPrm: {},
    emailVerified: true,
    ...overrides,
  };
}

const LOGGED_OUT: GuardSession = { user: null, isLoading: false };
const LOADING: GuardSession = { user: null, isLoading: true };
const VERIFIED: GuardSession = { user: makeUser(), isLoading: false };
const UNVERIFIED: GuardSession = { user: makeUser({ emailVerified: false }), isLoading: false };
const ADMIN: GuardSession = { user: makeUser({ role: 'admin' }), isLoading: false };
const STARTER: GuardSession = { user: makeUser({ perm: 0 }), isLoading: false };
const STARTER_WITH_TEMPLATES: GuardSession = {
  user: makeUser({ perm: 0, advancedPrm: { TEMPLATES: true } }),
  isLoading: false,
};

const REVIEWER: GuardSession = { user: makeUser({ orgRole: 'reviewer' }), isLoading: false };
const RECRUITER: GuardSession = { user: makeUser({ orgRole: 'recruiter' }), isLoading: false };

const ALLOW: GuardResult = { allow: true };
const PENDING: GuardResult = { pending: true };
const to = (redirect: string): GuardResult => ({ redirect });

type Row = [string, RouteId, GuardSession, string, GuardResult];

const rows: Row[] = [
  // /backoffice goes to the applicant overview.
  ['/backoffice', 'backoffice', VERIFIED, '/backoffice', to('/backoffice/applicant')],
  ['/backoffice logged out', 'backoffice', LOGGED_OUT, '/backoffice', to('/backoffice/applicant')],
  // Not logged in on a non-public route: login with the full path.
  [
    'auth route, logged out',
    'jobOverview',
    LOGGED_OUT,
    '/backoffice/job',
    to('/login?redirect=%2Fbackoffice%2Fjob'),
  ],
  [
    'auth route with query and hash, logged out',
    'applicantOverview',
    LOGGED_OUT,
    '/backoffice/applicant/j1?statuses=1&statuses=2#top',
    to('/login?redirect=%2Fbackoffice%2Fapplicant%2Fj1%3Fstatuses%3D1%26statuses%3D2%23top'),
  ],
  [
    'permission route, logged out',
    'templateOverview',
    LOGGED_OUT,
    '/backoffice/template',
    to('/login?redirect=%2Fbackoffice%2Ftemplate'),
  ],
  [
    'admin route, logged out',
    'accountOverview',
    LOGGED_OUT,
    '/backoffice/admin/account',
    to('/login?redirect=%2Fbackoffice%2Fadmin%2Faccount'),
  ],
  ['auth route, session loading', 'jobOverview', LOADING, '/backoffice/job', PENDING],
  // Logged in with an unverified email: /verify-email.
  ['auth route, unverified', 'jobOverview', UNVERIFIED, '/backoffice/job', to('/verify-email')],
  [
    'admin route, unverified admin',
    'recordOverview',
    { user: makeUser({ role: 'admin', emailVerified: false }), isLoading: false },
    '/backoffice/admin/record',
    to('/verify-email'),
  ],
  ['/verify-email, unverified', 'verifyEmail', UNVERIFIED, '/verify-email', ALLOW],
  [
    '/verify-email, logged out (link with token)',
    'verifyEmail',
    LOGGED_OUT,
    '/verify-email?token=t',
    ALLOW,
  ],
  ['/verify-email, verified', 'verifyEmail', VERIFIED, '/verify-email', to('/backoffice/job')],
  ['/verify-email, session loading', 'verifyEmail', LOADING, '/verify-email', PENDING],
  // Missing permission: the applicant overview; granted by plan or by advancedPrm: allowed.
  [
    'templates without the plan',
    'templateOverview',
    STARTER,
    '/backoffice/template',
    to('/backoffice/applicant'),
  ],
  [
    'template editor without the plan',
    'templateEdit',
    STARTER,
    '/backoffice/template/edit',
    to('/backoffice/applicant'),
  ],
  [
    'template details without the plan',
    'templateDetails',
    STARTER,
    '/backoffice/template/t1',
    to('/backoffice/applicant'),
  ],
  ['templates with the plan', 'templateOverview', VERIFIED, '/backoffice/template', ALLOW],
  [
    'templates granted by advancedPrm',
    'templateDetails',
    STARTER_WITH_TEMPLATES,
    '/backoffice/template/t1',
    ALLOW,
  ],
  // Admin routes need role admin.
  [
    'accounts as a user',
    'accountOverview',
    VERIFIED,
    '/backoffice/admin/account',
    to('/backoffice/applicant'),
  ],
  [
    'records as a user',
    'recordOverview',
    VERIFIED,
    '/backoffice/admin/record',
    to('/backoffice/applicant'),
  ],
  [
    'activity as a user',
    'activityOverview',
    VERIFIED,
    '/backoffice/admin/activity',
    to('/backoffice/applicant'),
  ],
  ['accounts as admin', 'accountOverview', ADMIN, '/backoffice/admin/account', ALLOW],
  // Login or signup while logged in: the applicant overview.
  ['/login logged in', 'login', VERIFIED, '/login', to('/backoffice/applicant')],
  ['/signup logged in', 'signup', VERIFIED, '/signup', to('/backoffice/applicant')],
  ['/login logged in, unverified', 'login', UNVERIFIED, '/login', to('/verify-email')],
  // …or where the login page's redirect query points (the moment of logging in).
  [
    '/login?redirect logged in',
    'login',
    VERIFIED,
    '/login?redirect=%2Fbackoffice%2Fjob%3Fview%3Dlist',
    to('/backoffice/job?view=list'),
  ],
  [
    '/login?redirect to another site, logged in',
    'login',
    VERIFIED,
    '/login?redirect=https%3A%2F%2Fevil.example',
    to('/backoffice/applicant'),
  ],
  [
    '/login?redirect logged in, unverified',
    'login',
    UNVERIFIED,
    '/login?redirect=%2Fbackoffice%2Fjob',
    to('/verify-email'),
  ],
  ['/login logged out', 'login', LOGGED_OUT, '/login', ALLOW],
  ['/signup logged out', 'signup', LOGGED_OUT, '/signup', ALLOW],
  ['/login, session loading', 'login', LOADING, '/login', PENDING],
  // Logged-in routes for a verified user.
  ['applicants, verified', 'applicantOverview', VERIFIED, '/backoffice/applicant', ALLOW],
  ['archive, verified', 'applicantArchive', VERIFIED, '/backoffice/archive/applicant', ALLOW],
  ['details, verified', 'applicantDetails', VERIFIED, '/backoffice/details/j/a', ALLOW],
  ['job editor, verified', 'jobEdit', VERIFIED, '/create', ALLOW],
  ['profile, verified', 'user', VERIFIED, '/user', ALLOW],
  ['profile, logged out', 'user', LOGGED_OUT, '/user', to('/login?redirect=%2Fuser')],
  // Public routes open to everyone, without waiting for the user.
  ['interview, logged out', 'interview', LOGGED_OUT, '/interview/j1', ALLOW],
  ['interview, unverified recruiter', 'interview', UNVERIFIED, '/interview/j1?demo=1', ALLOW],
  ['interview, loading', 'interview', LOADING, '/interview/j1', ALLOW],
  ['embed, logged out', 'embed', LOGGED_OUT, '/embed/j1?lng=he', ALLOW],
  ['forgot password, logged in', 'forgotPassword', VERIFIED, '/forgot-password', ALLOW],
  ['forgot password, logged out', 'forgotPassword', LOGGED_OUT, '/forgot-password', ALLOW],
  ['not found, logged out', 'notFound', LOGGED_OUT, '/not-found', ALLOW],
  ['not supported, loading', 'notSupported', LOADING, '/not-supported', ALLOW],
  // A reviewer only reviews: a job's editor sends them to its applicants, templates elsewhere.
  ['job editor, reviewer', 'jobEdit', REVIEWER, '/create/j1', to('/backoffice/applicant/j1')],
  ['new job, reviewer', 'jobEdit', REVIEWER, '/create', to('/backoffice/job')],
  [
    'templates, reviewer',
    'templateOverview',
    REVIEWER,
    '/backoffice/template',
    to('/backoffice/applicant'),
  ],
  ['job editor, recruiter', 'jobEdit', RECRUITER, '/create/j1', ALLOW],
  ['applicants, reviewer', 'applicantOverview', REVIEWER, '/backoffice/applicant/j1', ALLOW],
];

describe('resolveGuard (guards and redirects)', () => {
  it.each(rows)('%s', (_label, routeId, session, url, expected) => {
    const parsed = new URL(url, 'http://candid.test');
    const result = resolveGuard({
      route: route(routeId),
      session,
      location: { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash },
    });
    expect(result).toEqual(expected);
  });
});
