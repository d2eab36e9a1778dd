import { useLayoutEffect } from 'react';

/**
 * The static first screen the server draws into index.html of an invitation link
 * (apps/server/src/modules/jobs/invitation-page.ts): the element ids it writes, and what the app does
 * with them.
 */
const FIRST_SCREEN_ID = 'first-screen';
const DATA_ID = 'candid-public-job';

/** The JSON the server put into the page (an invitation's public job), or null. */
export function readInlinedData(doc: Document = document): unknown {
  const text = doc.getElementById(DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
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

/** Whether the server drew a first screen into this page (an invitation link). */
export function hasFirstScreen(doc: Document = document): boolean {
  return doc.getElementById(FIRST_SCREEN_ID) !== null;
}

/**
 * Takes away the server-drawn first screen, which also shows the app's root (hidden beside it
 * by the server's stylesheet). Called when the app's own invitation, or anything else, is up.
 */
export function releaseFirstScreen(doc: Document = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Releases the server-drawn first screen in the same frame as the component's first paint. */
export function useReleaseFirstScreen(): void {
  useLayoutEffect(() => releaseFirstScreen(), []);
}
