// The app's Remix route manifest as the build makes it, and each route's URL path, for tests that list routes.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";

/** The routes of app/routes, leaving out what the build leaves out (tests, queries, components). */
export const routeManifest = flatRoutes("app", ["**/*.test.*", "**/queries.ts", "**/components/**"]);

/** A route's URL path with its parents' segments, e.g. 'api/orders/:id'. */
export function pathTemplate(id: string): string {
  const segments: string[] = [];
  let route: (typeof routeManifest)[string] | undefined = routeManifest[id];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? routeManifest[route.parentId] : undefined;
  }
  return segments.join("/");
}
