// A server build like `remix vite:build` makes, from the source route modules (module URLs are placeholders),
// so a test can drive Remix's own request handler: documents, `.data` requests and its own checks included.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import type { ServerBuild } from "@remix-run/cloudflare";
import { remixConfig } from "../../remix.config";
import * as entryServer from "~/entry.server";
import * as rootModule from "~/root";

const routeFiles = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<string, Record<string, unknown>>;

/** `withoutAction`: route ids whose action the build leaves out, to see Remix's own 405 (every real page declares one). */
export function sourceBuild({ withoutAction = new Set<string>() }: { withoutAction?: ReadonlySet<string> } = {}): ServerBuild {
  const manifest = flatRoutes("app", ["**/*.test.*", "**/queries.ts", "**/components/**"]);
  const entries = [["root", { id: "root", path: "", file: "root.tsx" }] as const, ...Object.entries(manifest)];
  const routes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const [id, route] of entries) {
    const source = id === "root" ? (rootModule as Record<string, unknown>) : routeFiles[`../../app/${route.file}`];
    if (!source) throw new Error(`no module for ${id}`);
    const module = withoutAction.has(id) ? { ...source, action: undefined } : source;
    const shape = { id, parentId: "parentId" in route ? route.parentId : undefined, path: route.path, index: "index" in route ? route.index : undefined, caseSensitive: undefined };
    routes[id] = { ...shape, module };
    assetRoutes[id] = {
      ...shape,
      module: `/assets/${id.replace(/\W/g, "_")}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
  }
  return {
    mode: "production",
    entry: { module: entryServer },
    routes,
    assets: { entry: { module: "/assets/entry.client.js", imports: [] }, routes: assetRoutes, url: "/assets/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild;
}
