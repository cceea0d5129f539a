import { describe, expect, it } from "vitest";
import { layoutHint } from "~/domain/shell/layout-hint";

describe("layoutHint: the layout a list is first rendered in, from Sec-CH-UA-Mobile", () => {
  it.each([
    [{ "sec-ch-ua-mobile": "?1" }, "narrow"],
    [{ "sec-ch-ua-mobile": "?0" }, "wide"],
    [{ "Sec-CH-UA-Mobile": " ?1 " }, "narrow"],
    [{}, null],
    [{ "sec-ch-ua-mobile": "" }, null],
    [{ "sec-ch-ua-mobile": "1" }, null],
    [{ "sec-ch-ua-mobile": "?1, ?0" }, null],
    [{ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" }, null],
  ] as const)("%j → %s", (headers, hint) => {
    expect(layoutHint(new Headers(headers))).toBe(hint);
  });
});
