import { createBrowserRouter } from 'react-router';
import { followRouter } from '../common/routing/live-location';
import { buildRoutes } from './routes/build-routes';
import { ROUTE_TABLE } from './routes/route-table';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's browser router over the route table, followed by `common/routing/live-location`. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(buildRoutes(ROUTE_TABLE));
  followRouter(router);
  return router;
}
