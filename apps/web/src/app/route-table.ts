import type { RouteObject } from 'react-router';

/**
 * The app's route table, set once by router.tsx. Kept here so that the layout (document title,
 * prefetch) can match paths against it without importing the router, which imports the layout.
 */
let table: RouteObject[] = [];

export function setRouteTable(routes: RouteObject[]): void {
  table = routes;
}

export function routeTable(): RouteObject[] {
  return table;
}
