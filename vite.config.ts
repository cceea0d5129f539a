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

export default defineConfig({
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
  ],
  // Pre-bundle the browser dependencies at start: discovering them on the first page load makes Vite
  // re-optimize and reload every open page, which breaks the first journeys on a fresh clone.
  optimizeDeps: {
    // Everything the dev server would otherwise discover mid-run: a discovery reloads every open page, which
    // broke journeys on a fresh clone (the camera's decoder; pdf-lib and resend, met through server modules
    // of route files and never loaded by a browser; zod/mini, which the /api contracts load with a screen's
    // first call, after the first paint).
    include: ["sonner", "lucide-react", "@remix-run/cloudflare", "zod", "zod/mini", "@libsql/client/web", "drizzle-orm/libsql", "drizzle-orm", "drizzle-orm/sqlite-core", "partysocket", "pdfjs-dist", "signature_pad", "@tanstack/react-virtual", "@zxing/library", "pdf-lib", "resend", "idb"],
  },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
