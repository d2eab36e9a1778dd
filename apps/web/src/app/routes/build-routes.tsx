import { Outlet, type RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../common/lazy/lazy-with-timeout';
import { NOT_FOUND_PATH } from '../../common/routing/paths';
import { withMoreStyles } from '../../common/ui/mantine-styles';
import { RootLayout } from '../shell/root-layout';
import { RouteGuard } from './route-guard';
import type { AppChildRoute, AppRoute, LazyScreen, RouteHandle } from './route-types';

/** A screen's loader: all of Mantine's rules first, but for an invitation link's first screen. */
const screenLoader = (route: { screen: LazyScreen; firstLoadStylesOnly?: true }) =>
  route.firstLoadStylesOnly ? route.screen : withMoreStyles(route.screen);

function toChildRouteObject(child: AppChildRoute): RouteObject {
  const Screen = lazyWithTimeout(screenLoader(child));
  const handle: RouteHandle = { titleKey: child.titleKey };
  const element = <Screen />;
  return child.index
    ? { id: child.id, index: true, handle, element }
    : { id: child.id, path: child.path, handle, element };
}

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = route.screen
    ? lazyWithTimeout(screenLoader({ ...route, screen: route.screen }))
    : null;
  const handle: RouteHandle = { titleKey: route.titleKey };
  return {
    id: route.id,
    path: route.path,
    handle,
    element: <RouteGuard route={route}>{Screen ? <Screen /> : <Outlet />}</RouteGuard>,
    children: route.children?.map(toChildRouteObject),
  };
}

/**
 * React Router routes for a route table: every entry behind its guard, under the root layout
 * (page title, loading fallback), and a catch-all that shows the table's not-found screen at the
 * mistyped address itself, so the visitor sees what they typed and is not sent elsewhere.
 */
export function buildRoutes(table: readonly AppRoute[]): RouteObject[] {
  const notFound = table.find((route) => route.path === NOT_FOUND_PATH);
  const unmatched: RouteObject[] = notFound
    ? [toRouteObject({ ...notFound, id: 'unmatched', path: '*' })]
    : [];
  return [
    {
      id: 'root',
      element: <RootLayout />,
      children: [...table.map(toRouteObject), ...unmatched],
    },
  ];
}
