// Browser settings the strict Content-Security-Policy needs, applied before any other app module runs
// (root.tsx imports this first). Client-safe; does nothing on the server.
import { config } from "zod";

if (typeof document !== "undefined") {
  // zod 4 compiles object parsers with `new Function` after probing whether eval is allowed. Our policy has
  // no 'unsafe-eval', so the probe fails (zod falls back) but the browser still reports a CSP violation.
  // jitless skips the probe; the interpreted parser is plenty for the small payloads a screen validates.
  config({ jitless: true });
}
