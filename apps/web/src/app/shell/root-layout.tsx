import { Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ChunkErrorBoundary } from '../../common/lazy/chunk-error-boundary';
import { usePageTitle } from '../../common/hooks/use-page-title';
import { PageLoader } from '../../common/ui/page-loader';
import type { RouteHandle } from '../routes/route-types';

/** The deepest matched route's title key. */
function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const titleKey = (matches[index]?.handle as RouteHandle | undefined)?.titleKey;
    if (titleKey) return titleKey;
  }
  return undefined;
}

/**
 * Above every route: keeps the document title on the route and language, shows a loader
 * while a screen's code loads, and an error with a Reload button when it does not load.
 */
export function RootLayout() {
  usePageTitle(useRouteTitleKey());
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
