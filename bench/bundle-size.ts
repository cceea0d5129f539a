// First-load JavaScript of a page, gzipped: the client entry plus the module and static imports of every
// route matched on the way to it (root, layouts, the page), read from the Remix manifest of `npm run build`.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

type Entry = { module: string; imports?: string[] };
type Manifest = { entry: Entry; routes: Record<string, Entry & { parentId?: string }> };

export function readRemixManifest(buildDir = "build/client"): Manifest {
  const file = readdirSync(`${buildDir}/assets`).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${buildDir}/assets: run npm run build first`);
  const text = readFileSync(`${buildDir}/assets/${file}`, "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** `routeId` e.g. "routes/_app.order-tracking": includes its parents up to root. */
export function firstLoadGzipBytes(routeId: string, buildDir = "build/client"): { bytes: number; files: string[] } {
  const manifest = readRemixManifest(buildDir);
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  let id: string | undefined = routeId;
  while (id) {
    const route: (Entry & { parentId?: string }) | undefined = manifest.routes[id];
    if (!route) throw new Error(`route ${id} not in the manifest`);
    files.add(route.module);
    for (const i of route.imports ?? []) files.add(i);
    id = route.parentId;
  }
  const list = [...files];
  const bytes = list.reduce((sum, f) => sum + gzipSync(readFileSync(`${buildDir}${f}`)).length, 0);
  return { bytes, files: list };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const routeId of process.argv.slice(2)) {
    const { bytes, files } = firstLoadGzipBytes(routeId);
    console.log(`${routeId}: ${(bytes / 1024).toFixed(1)} KB gzipped JS on first load (${files.length} files)`);
  }
}
