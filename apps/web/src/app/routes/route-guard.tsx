import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../common/session/session-query';
import { PageLoader } from '../../common/ui/page-loader';
import { resolveGuard } from './guards';
import type { AppRoute } from './route-types';

/** Applies resolveGuard to the current location: renders the route, a loader, or redirects. */
export function RouteGuard({ route, children }: { route: AppRoute; children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const result = resolveGuard({ route, session, location });
  if ('redirect' in result) return <Navigate to={result.redirect} replace />;
  if ('pending' in result) return <PageLoader />;
  return children;
}
