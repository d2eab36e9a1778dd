import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
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
 * Above every route: keeps the document title on the route and language, and shows a loader
 * while a screen's code loads.
 */
export function RootLayout() {
  usePageTitle(useRouteTitleKey());
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
