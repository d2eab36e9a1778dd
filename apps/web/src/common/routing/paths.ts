/**
 * Paths other code navigates to, and where each auth action ends ("Guards and
 * redirects"). They live in common/ so that features (login, signup, profile) and the app's
 * guards share one definition.
 */
export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const VERIFY_EMAIL_PATH = '/verify-email';
export const USER_PATH = '/user';
export const BACKOFFICE_PATH = '/backoffice';
export const APPLICANT_OVERVIEW_PATH = '/backoffice/applicant';
export const JOB_OVERVIEW_PATH = '/backoffice/job';
/** The organisation's members and departments (organisations). */
export const TEAM_PATH = '/backoffice/team';
/** The organisation's API keys and webhooks. */
export const INTEGRATIONS_PATH = '/backoffice/integrations';
/** The organisation's data retention period and its dry run. */
export const RETENTION_PATH = '/backoffice/data-retention';
/** The organisation's brand on candidate pages: logo, accent colour, Candid's mark. */
export const BRAND_PATH = '/backoffice/brand';
/** Hiring insights: the funnel of the organisation, a department or a job. */
export const INSIGHTS_PATH = '/backoffice/insights';
/** A new member's invitation link: choose a password (query `token`). */
export const SET_PASSWORD_PATH = '/set-password';
export const NOT_FOUND_PATH = '/not-found';
export const NOT_SUPPORTED_PATH = '/not-supported';

/** Query parameter of the login page that holds where to go after logging in. */
export const REDIRECT_PARAM = 'redirect';

/**
 * After a successful email verification: the jobs, where a new recruiter (who has none yet)
 * meets the one call to create their first job rather than an empty list of applicants.
 */
export const POST_VERIFY_EMAIL_PATH = JOB_OVERVIEW_PATH;
/** After a successful signup. */
export const POST_SIGNUP_PATH = VERIFY_EMAIL_PATH;
/** After logging out, or when the session ends (refresh failed). */
export const POST_LOGOUT_PATH = LOGIN_PATH;

/** After a password change: the profile when logged in, else the login page. */
export function getPostPasswordChangePath(isLoggedIn: boolean): string {
  return isLoggedIn ? USER_PATH : LOGIN_PATH;
}

/** The login page remembering `fullPath` (path, query and hash) to return to. */
export function getLoginPath(fullPath: string): string {
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(fullPath)}`;
}

/**
 * After a successful login: the path held by the login page's redirect query when it is a path
 * of this site, else the applicant overview. Anything else (another origin, `//host`,
 * `/\host`) is ignored so the login page cannot be used as an open redirect.
 */
export function getPostLoginPath(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || /^\/[/\\]/.test(redirect)) {
    return APPLICANT_OVERVIEW_PATH;
  }
  return redirect;
}

/** The path, query and hash of a location, as held by the redirect query. */
export function getFullPath(location: { pathname: string; search?: string; hash?: string }) {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Paths whose screens never need the logged-in user, so the app does not ask for it: the
 * candidate interview and embedded job preview (candidates are not logged in), and the browser
 * page. The not-found page does ask: its way back depends on who is looking.
 */
const SESSIONLESS_PATH_PREFIXES = ['/interview', '/embed', NOT_SUPPORTED_PATH];

/**
 * The candidate's own start page for a path under an invitation link (`/interview/<jobId>/…`,
 * `/embed/<jobId>/…`), or null elsewhere: a candidate who mistyped a link returns to it.
 */
export function getInterviewStartPath(pathname: string): string | null {
  const match = /^\/(?:interview|embed)\/([^/]+)/.exec(pathname);
  return match?.[1] ? `/interview/${match[1]}` : null;
}

/** Whether the app loads the logged-in user (`GET user/logged`) on this path. */
export function shouldLoadSession(pathname: string): boolean {
  return !SESSIONLESS_PATH_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
