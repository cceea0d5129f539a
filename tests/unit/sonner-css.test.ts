// The sonner stylesheet the build ships (config/sonner-css.ts): no rule on <html> (its insertion would restyle the
// whole page), the Toaster's own direction rules kept, and a sonner without the rules to drop fails the build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { withoutRootRules } from "../../config/sonner-css";

const sonner = readFileSync(createRequire(import.meta.url).resolve("sonner").replace(/index\.js$/, "index.mjs"), "utf8");

describe("sonner's stylesheet without its rules on <html>", () => {
  const out = withoutRootRules(sonner);

  it.each(["html[dir=ltr]", "html[dir=rtl]"])("drops %s", (selector) => {
    expect(sonner).toContain(selector);
    expect(out).not.toContain(selector);
  });

  it.each(["[data-sonner-toaster][dir=ltr]{--toast-icon-margin-start:-3px", "[data-sonner-toaster][dir=rtl]{--toast-icon-margin-start:4px"])(
    "keeps the Toaster's own rule %s",
    (rule) => expect(out).toContain(rule),
  );

  it("changes nothing else", () => {
    expect(out.length).toBe(sonner.length - ",html[dir=ltr]".length - ",html[dir=rtl]".length);
  });

  it("fails loudly when sonner's stylesheet no longer has them", () => {
    expect(() => withoutRootRules("__insertCSS('[data-sonner-toaster]{}')", "sonner@next")).toThrow(/sonner@next.*html\[dir=ltr\]/);
  });
});
