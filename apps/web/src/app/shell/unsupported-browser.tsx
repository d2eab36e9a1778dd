import { Suspense } from 'react';
import type { BrowserSupport } from '../../common/browser/check-browser-support';
import { usePageTitle } from '../../common/hooks/use-page-title';
import { ChunkErrorBoundary } from '../../common/lazy/chunk-error-boundary';
import { lazyWithTimeout } from '../../common/lazy/lazy-with-timeout';
import { withMoreStyles } from '../../common/ui/mantine-styles';

// Loaded only in an unsupported browser; the same chunk serves the /not-supported route.
const NotSupportedPage = lazyWithTimeout(
  withMoreStyles(() => import('../../common/pages/not-supported-page')),
);

/** What the browser gate shows instead of the router, whatever the address. */
export function UnsupportedBrowser({ support }: { support: BrowserSupport }) {
  usePageTitle('pageTitles.notSupported');
  return (
    <ChunkErrorBoundary>
      <Suspense>
        <NotSupportedPage support={support} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
