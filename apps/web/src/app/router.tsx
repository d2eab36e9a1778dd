import { createBrowserRouter } from 'react-router';
import { buildRoutes } from './routes/build-routes';
import { ROUTE_TABLE } from './routes/route-table';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's browser router over the route table. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes(ROUTE_TABLE));
}
