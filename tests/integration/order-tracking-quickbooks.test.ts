// The order detail's QuickBooks line asks nothing while QuickBooks is not connected (issue 24): Order Tracking's
// loader tells each viewer whether it is connected and whether they may connect it (a capability from grants),
// and tells nothing to viewers without customers:view.
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import * as orderTracking from "~/routes/_app.order-tracking/route";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookies } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;

async function viewerOf(who: string): Promise<Json> {
  const result = await (orderTracking.loader as Handler)({ request: request("/order-tracking", { cookie: cookies[who] }), context: ctx, params: {} });
  return (JSON.parse(JSON.stringify(result)) as Json).viewer;
}

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]);
}, 60_000);

describe("Order Tracking's loader and QuickBooks", () => {
  it.each([
    ["admin", { connected: false, canConnect: true }],
    ["logistics", { connected: false, canConnect: false }],
    ["sales", { connected: false, canConnect: false }],
    ["warehouse", null],
    ["driver", null],
  ])("tells %s whether QuickBooks is connected and whether they may connect it", async (who, expected) => {
    expect((await viewerOf(who)).quickBooks).toEqual(expected);
  });
});
