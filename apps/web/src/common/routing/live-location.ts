/**
 * Where the router is now, as opposed to where a rendered page thinks it is.
 *
 * React Router moves between routes in a transition: while the next route's code loads, the page
 * being left stays on screen and keeps rendering with the location it was opened at. A timer it
 * started before (a debounced search box) that then writes its query string would write it into
 * the page the user went to (`/backoffice/job?txt=…` after "View as" from the accounts search), or,
 * with an explicit path, pull them back. Pages ask `isPageLeft(theirPathname)` before such a late
 * write. The app's router reports here (`followRouter`); with no router followed (unit tests of a
 * single page) no page counts as left.
 */
let livePathname: string | null = null;

interface FollowedRouter {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/** Keeps the live pathname in step with `router`; returns the function that stops following. */
export function followRouter(router: FollowedRouter): () => void {
  livePathname = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    livePathname = state.location.pathname;
  });
  return () => {
    unsubscribe();
    livePathname = null;
  };
}

/** True when the router has already moved away from the page rendered at `pathname`. */
export function isPageLeft(pathname: string): boolean {
  return livePathname !== null && livePathname !== pathname;
}
