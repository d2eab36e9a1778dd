import { lazy, Suspense } from 'react';
import type { BrowserSupport } from '../../common/browser/check-browser-support';
import { usePageTitle } from '../../common/hooks/use-page-title';
import { withMoreStyles } from '../../common/ui/mantine-styles';

// Loaded only in an unsupported browser; the same chunk serves the /not-supported route.
const NotSupportedPage = lazy(
  withMoreStyles(() => import('../../common/pages/not-supported-page')),
);

/** What the browser gate shows instead of the router (spec §1), whatever the address. */
export function UnsupportedBrowser({ support }: { support: BrowserSupport }) {
  usePageTitle('pageTitles.notSupported');
  return (
    <Suspense>
      <NotSupportedPage support={support} />
    </Suspense>
  );
}
