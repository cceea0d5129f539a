// The signed-in layout's loader runs again for a new page, a submission or an explicit revalidation, never for a
// page changing only its own query string (Order Tracking clearing its entry query as it opens).
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "~/routes/_app";

const ask = (from: string, to: string, formMethod?: "POST" | "GET") =>
  shouldRevalidate({
    currentUrl: new URL(from, "http://localhost"),
    nextUrl: new URL(to, "http://localhost"),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  } as Parameters<typeof shouldRevalidate>[0]);

describe("the layout's shouldRevalidate", () => {
  it.each([
    ["the entry query taken out of the URL", "/order-tracking?quick=notDelivered", "/order-tracking", undefined, false],
    ["a list's filter written into the URL", "/return-forms", "/return-forms?status=pending", undefined, false],
    ["another page", "/order-tracking?quick=notDelivered", "/", undefined, true],
    ["another page, same query", "/return-forms?x=1", "/customer-applications?x=1", undefined, true],
    ["an explicit revalidation (same URL)", "/order-tracking", "/order-tracking", undefined, true],
    ["a form's submission on the same page", "/order-tracking?a=1", "/order-tracking", "POST", true],
  ] as const)("%s", (_what, from, to, method, expected) => {
    expect(ask(from, to, method)).toBe(expected);
  });
});
