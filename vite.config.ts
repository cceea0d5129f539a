// Vite: Remix on the Cloudflare dev proxy (R2 from wrangler's local state), Tailwind 4, path aliases.
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixConfig } from "./remix.config";
import { getDevLoadContext } from "./config/dev-context";
import { connectingAddressPlugin } from "./config/connecting-address";
import { frontDoorPlugin } from "./config/front-door";
import { workerdPerServerPlugin } from "./config/dev-workerd";
import { sonnerCssEsbuildPlugin, sonnerCssPlugin } from "./config/sonner-css";

type ModuleMeta = { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/**
 * What every page loads anyway, the static imports of entry.client and root, in two chunks instead of about a
 * dozen (issue 25, decision 045): "framework" (react, react-dom, Remix, the router) and "root-shared" (the
 * root's own modules: error page, brand, toast, button, the service worker's bridge, lucide's icon base). Only
 * that closure is grouped, so no page loads more than before. Lucide's barrel is not followed: every icon
 * of the app would be pulled in with it, which is why an earlier manualChunks made the root larger; a module
 * of the root imports its icon by path (lucide-react/icons/…).
 */
function rootShared() {
  let closure: Set<string> | null = null;
  const isLucideBarrel = (id: string) => /node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs/.test(id);
  return (id: string, meta: ModuleMeta): string | undefined => {
    if (!closure) {
      const found = new Set<string>();
      const starts = [...meta.getModuleIds()].filter((m) => /\/app\/(entry\.client\.tsx|root\.tsx\?__remix-build-client-route)$/.test(m));
      const walk = (m: string) => {
        if (found.has(m) || isLucideBarrel(m)) return;
        found.add(m);
        for (const next of meta.getModuleInfo(m)?.importedIds ?? []) walk(next);
      };
      starts.forEach(walk);
      for (const m of starts) found.delete(m);
      closure = found;
    }
    if (!closure.has(id)) return undefined;
    return /node_modules\/(?!lucide-react\/)/.test(id) ? "framework" : "root-shared";
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // Separate caches let several dev servers (parallel e2e runs) start at once without clashing.
  cacheDir: process.env.VITE_CACHE_DIR ?? "node_modules/.vite",
  server: {
    host: "127.0.0.1",
    strictPort: true,
    // Test output, local state and room storage change during e2e runs; they must not reload open pages.
    watch: { ignored: ["**/test-results*/**", "**/.data/**", "**/.wrangler/**", "**/.partykit/**", "**/tests/**", "**/bench/**"] },
  },
  plugins: [
    // First, so the address header is set (and any client copy replaced) before Remix handles the request.
    connectingAddressPlugin(),
    // Then what the Worker refuses before Remix (TRACE, cross-site writes) and draining of unread bodies.
    frontDoorPlugin(),
    // Before the Cloudflare proxy: a restarted dev server stops the workerd its predecessor started.
    workerdPerServerPlugin(),
    cloudflareDevProxyVitePlugin({ getLoadContext: getDevLoadContext, persist: { path: ".wrangler/state/v3" } }),
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
    sonnerCssPlugin(),
  ],
  // Pre-bundle the browser dependencies at start: discovering them on the first page load makes Vite
  // re-optimize and reload every open page, which breaks the first journeys on a fresh clone.
  optimizeDeps: {
    // Everything the dev server would otherwise discover mid-run: a discovery reloads every open page, which
    // broke journeys on a fresh clone (the camera's decoder; pdf-lib and resend, met through server modules
    // of route files and never loaded by a browser; zod/mini, which the /api contracts load with a screen's
    // first call, after the first paint).
    include: ["sonner", "lucide-react", "@remix-run/cloudflare", "zod", "zod/mini", "@libsql/client/web", "drizzle-orm/libsql", "drizzle-orm", "drizzle-orm/sqlite-core", "partysocket", "pdfjs-dist", "signature_pad", "@tanstack/react-virtual", "@zxing/library", "pdf-lib", "resend", "idb"],
    esbuildOptions: { plugins: [sonnerCssEsbuildPlugin()] },
  },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
  // The browser's build only: what every page loads in two chunks, not twenty (rootShared above). No preload helper
  // around dynamic imports: it queried and appended a <link rel=modulepreload> per dependency of every lazy part a
  // page fetches when idle (the pick list's dialogs, editors, scan rules), in the tasks right after the page appeared
  // (decision 045, sixth pass). A route's own modules are still preloaded by Remix from its manifest.
  build: isSsrBuild ? {} : { modulePreload: false, rollupOptions: { output: { manualChunks: rootShared() } } },
}));
