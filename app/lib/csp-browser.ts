// Browser settings the strict Content-Security-Policy needs before any module runs: root.tsx renders this
// as the first (nonce'd) script in <head>, so it precedes every module whatever the bundler's chunk order.
//
// zod 4 compiles object parsers with `new Function` after probing whether eval is allowed. Our policy has
// no 'unsafe-eval', so the probe fails (zod falls back to its interpreter) but the browser still reports a
// CSP violation. `jitless` skips the probe. zod reads its settings from `globalThis.__zod_globalConfig`
// (shared by every copy of zod on the page) when it loads, so setting it here needs no zod code on every
// page; tests/e2e/security.spec.ts fails if a zod upgrade stops honouring it.
export const BROWSER_SETUP_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
