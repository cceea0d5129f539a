// Route configuration: Remix flat routes from app/routes.
import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

export default flatRoutes({ ignoredRouteFiles: ["**/*.test.*", "**/queries.ts", "**/components/**"] }) satisfies RouteConfig;
