import type { PublicJob } from '@candid/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { publicJobQueryKey } from '../api/get-public-job';

/** Element ids the server writes into index.html of an invitation link (apps/server/src/plugins/first-screen.ts). */
const PUBLIC_JOB_DATA_ID = 'candid-public-job';
const FIRST_SCREEN_ID = 'first-screen';
const INVITATION_PATH = /^\/(?:interview|embed)\/([^/]+)\/?$/;

/**
 * The job the server put into the page of an invitation link, stored as the answer of the
 * public-job query, so the invitation renders at once without asking the API again.
 */
export function seedInlinedPublicJob(queryClient: QueryClient, doc: Document = document): void {
  const data = doc.getElementById(PUBLIC_JOB_DATA_ID)?.textContent;
  const match = INVITATION_PATH.exec(doc.location?.pathname ?? '');
  if (!data || !match?.[1]) return;
  try {
    const job = JSON.parse(data) as PublicJob;
    queryClient.setQueryData(publicJobQueryKey(decodeURIComponent(match[1])), job);
  } catch {
    // A page without usable data asks the API as usual.
  }
}

/**
 * Takes away the server-drawn first screen, which also shows the app's root (hidden beside it
 * by the server's stylesheet). Called when the app's own invitation, or anything else, is up.
 */
export function releaseFirstScreen(doc: Document = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}

/**
 * On an invitation page the server turns the app's stylesheets into preloads (the static first
 * screen has its own styles): applies them, resolving once they are in (or failed), so the app
 * never paints unstyled. Elsewhere there is nothing to do.
 */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const links = [
    ...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-style]'),
  ];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}

/** Releases the server-drawn first screen in the same frame as the component's first paint. */
export function useReleaseFirstScreen(): void {
  useLayoutEffect(() => releaseFirstScreen(), []);
}
