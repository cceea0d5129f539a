// Product pictures: a generated, escaped SVG per catalogue SKU; unknown or malformed names are 404.
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/images.products.$file";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle } from "../support/context";

let ctx: ReturnType<typeof createTestContext>;
beforeAll(async () => {
  ctx = createTestContext(await createSeededTestDatabase());
});

describe("GET /images/products/{sku}.svg", () => {
  it("draws the catalogue product with safe headers", async () => {
    const res = (await loader({ request: request("/images/products/jas-25.svg"), context: ctx, params: { file: "jas-25.svg" } })) as Response;
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await res.text();
    expect(svg).toContain("JAS-25");
    expect(svg).toContain("Jasmine Rice 25 lb");
  });
  it.each(["nope-1.svg", "jas-25.png", "../etc/passwd", "a".repeat(60) + ".svg"])("404 for %s", async (file) => {
    const res = (await settle(() => loader({ request: request(`/images/products/x`), context: ctx, params: { file } }))) as Response;
    expect(res.status).toBe(404);
  });
});
