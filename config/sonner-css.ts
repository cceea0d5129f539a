// sonner injects its stylesheet when its module runs, which here is right after hydration (toast.tsx). Two of
// its rules set its custom properties on `html[dir=ltr]` / `html[dir=rtl]`, and the root carries `dir="ltr"`
// (decision 045): a custom property changed on <html> is inherited by every element, so the insertion restyled
// the whole page in the next frame (82 ms at 1x on a driver's Order Tracking, a 380 ms task at Lighthouse's 4x).
// The Toaster is given `dir` itself, so the `[data-sonner-toaster][dir=…]` half of each rule already serves it:
// the `html[dir=…]` half is dropped, in the production build and in the dev server's pre-bundle alike. A sonner
// whose stylesheet no longer has them fails the build, so an upgrade cannot bring the restyle back unnoticed.
import type { Plugin as EsbuildPlugin } from "esbuild";
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
const ROOT_RULES = [",html[dir=ltr]{", ",html[dir=rtl]{"] as const;

/** sonner's module with the root half of its two direction rules taken out. */
export function withoutRootRules(code: string, id = "sonner"): string {
  let out = code;
  for (const rule of ROOT_RULES) {
    if (!out.includes(rule)) throw new Error(`${id}: sonner's stylesheet no longer has "${rule.slice(1, -1)}" (config/sonner-css.ts)`);
    out = out.replace(rule, "{");
  }
  return out;
}

/** For Vite's build (and any non-prebundled dev load). */
export function sonnerCssPlugin(): Plugin {
  return {
    name: "sonner-css-without-root-rules",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      return SONNER_MODULE.test(file) ? { code: withoutRootRules(code, file), map: null } : undefined;
    },
  };
}

/** For the dev server's dependency pre-bundle, which Vite's own plugins do not see. */
export function sonnerCssEsbuildPlugin(): EsbuildPlugin {
  return {
    name: "sonner-css-without-root-rules",
    setup(build) {
      build.onLoad({ filter: SONNER_MODULE }, async (args) => ({ contents: withoutRootRules(await readFile(args.path, "utf8"), args.path), loader: "js" }));
    },
  };
}
