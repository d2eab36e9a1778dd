/*
 * Mantine's rules come in two stylesheets (mantine-first.css, applied with the app's entry, and
 * mantine-more.css). The app applies the second before it renders anything but an invitation
 * link's first screen: at start-up on every other page, and before each lazily loaded screen,
 * step, menu or notification on an invitation link (where it is usually already in by then).
 */

let moreStyles: Promise<void> | null = null;

/** Applies mantine-more.css once; resolves when its rules are in (or failed to load). */
export function loadMoreStyles(): Promise<void> {
  moreStyles ??= import('./mantine-more-styles').then(
    () => undefined,
    () => {
      // A failed load is tried again by the next caller (a flaky connection on a phone).
      moreStyles = null;
    },
  );
  return moreStyles;
}

/**
 * A lazy module loader that first applies mantine-more.css, so what it renders is styled and the
 * rules of its own stylesheet (CSS modules) come after Mantine's, as in one stylesheet.
 */
export function withMoreStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadMoreStyles().then(load);
}

/** The invitation links (`/interview/{jobId}`, `/embed/{jobId}`), whose first screen needs only mantine-first.css. */
export function isInvitationPath(pathname: string): boolean {
  return /^\/(interview|embed)\/[^/]+\/?$/.test(pathname);
}
