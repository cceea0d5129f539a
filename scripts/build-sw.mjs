#!/usr/bin/env node
// After `remix vite:build`: bundles the service worker (app/sw/sw.ts) and writes build/client/sw.js with the
// precache list of this build (hashed assets, manifest, icons, offline page) injected by @serwist/build.
// Prints what a phone downloads to work offline. Decision 039.
import { injectManifest } from "@serwist/build";
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const tmp = mkdtempSync(join(tmpdir(), "rice-ops-sw-"));
const bundled = join(tmp, "sw.js");
try {
  await build({
    entryPoints: ["app/sw/sw.ts"],
    outfile: bundled,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    sourcemap: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: "build/client/sw.js",
    globDirectory: "build/client",
    globPatterns: ["assets/**/*.{js,css,woff2,png,svg}", "manifest.webmanifest", "icons/*.png", "offline.html"],
    // Vite's file names carry their content hash: no revision query needed (nor a second copy on update).
    dontCacheBustURLsMatching: /^assets\//,
    // The largest chunk (the PDF viewer's worker) is well under this; anything bigger is a mistake to see.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  console.log(`service worker: build/client/sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KB`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
