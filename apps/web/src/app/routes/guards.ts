import { hasPermission, isAdmin, isReviewer, type User } from '@candid/domain';
import {
  APPLICANT_OVERVIEW_PATH,
  getFullPath,
  getLoginPath,
  getPostLoginPath,
  POST_VERIFY_EMAIL_PATH,
  REDIRECT_PARAM,
  VERIFY_EMAIL_PATH,
} from '../../common/routing/paths';
import type { AppRoute } from './route-types';

export interface GuardSession {
  user: User | null;
  isLoading: boolean;
}

export interface GuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export type GuardResult =
  | { allow: true }
  | { redirect: string }
  /** The answer depends on the user, who is still loading: show a loader, do not redirect yet. */
  | { pending: true };

const ALLOW: GuardResult = { allow: true };
const PENDING: GuardResult = { pending: true };
const toApplicants: GuardResult = { redirect: APPLICANT_OVERVIEW_PATH };

/**
 * Where a route sends the current visitor ("Guards and redirects"). Pure: the route
 * table entry, the session and the location in, a decision out.
 *
 * An unmatched path never reaches here: it shows the not-found screen (build-routes.tsx).
 *
 * 1. A forwarding route (/backoffice) → its target.
 * 2. Public routes open to everyone, except /verify-email, which sends a verified user where a
 *    verification ends (the jobs; the page's own navigation goes there too).
 * 3. Login and signup send a logged-in user on (to /verify-email while the email is unverified,
 *    the page the applicant overview would send them to, else where the login page's redirect
 *    query points, by default the applicant overview). Honouring the redirect here matters at
 *    the moment of logging in: the new user reaches this guard and the login page's own
 *    navigation in either order, and both must agree on the destination.
 * 4. Every other route needs a user: logged out → /login?redirect=<path, query and hash>;
 *    unverified email → /verify-email; admin routes need role admin and permission routes the
 *    plan feature, else → the applicant overview; a reviewer on a route that is not theirs (the
 *    job editor, templates) → the route's `reviewerRedirect`.
 */
export function resolveGuard({
  route,
  session,
  location,
}: {
  route: AppRoute;
  session: GuardSession;
  location: GuardLocation;
}): GuardResult {
  if (route.redirectTo) return { redirect: route.redirectTo };

  const { access } = route;
  const { user } = session;

  if (access === 'public') {
    if (route.path !== VERIFY_EMAIL_PATH) return ALLOW;
    if (session.isLoading) return PENDING;
    return user?.emailVerified ? { redirect: POST_VERIFY_EMAIL_PATH } : ALLOW;
  }

  if (session.isLoading) return PENDING;

  if (access === 'guestOnly') {
    if (!user) return ALLOW;
    if (!user.emailVerified) return { redirect: VERIFY_EMAIL_PATH };
    const redirect = new URLSearchParams(location.search ?? '').get(REDIRECT_PARAM);
    return { redirect: getPostLoginPath(redirect) };
  }

  if (!user) return { redirect: getLoginPath(getFullPath(location)) };
  if (!user.emailVerified) return { redirect: VERIFY_EMAIL_PATH };
  if (access === 'admin') return isAdmin(user) ? ALLOW : toApplicants;
  if (access !== 'auth' && !hasPermission(user, access.permission)) return toApplicants;
  if (route.reviewerRedirect && isReviewer(user)) {
    return { redirect: route.reviewerRedirect(location.pathname) };
  }
  return ALLOW;
}
