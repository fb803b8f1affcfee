import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the routes `path` matches into the route table, before the router is made
 * from it: a page the server rendered is then taken over (hydrated) by the same components at
 * once, where a lazy route would first render its fallback and throw the server's HTML away.
 */
export async function loadMatchedRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
}
