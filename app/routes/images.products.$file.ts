// /images/products/{sku}.svg: the product picture of the catalogue (a generated label until real photos
// are uploaded). Public: product pictures are not confidential, and pickers on shared phones need them.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { inventoryItems } from "../../db/schema";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.public;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stable hue per SKU family (JAS, BAS, …), so like products look alike at a glance. */
function hue(sku: string) {
  let h = 0;
  for (const c of sku.split("-")[0] ?? sku) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  const match = /^([A-Za-z0-9-]{1,40})\.svg$/.exec(params.file ?? "");
  if (!match) throw new Response("Not Found", { status: 404 });
  const sku = match[1]!.toUpperCase();
  const [item] = await context.app.db.select({ description: inventoryItems.description }).from(inventoryItems).where(eq(inventoryItems.sku, sku)).limit(1);
  if (!item) throw new Response("Not Found", { status: 404 });
  const h = hue(sku);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<rect width="320" height="320" rx="24" fill="hsl(${h} 55% 92%)"/>
<path d="M110 250 q50 -160 100 0 z" fill="hsl(${h} 45% 70%)"/>
<rect x="96" y="120" width="128" height="130" rx="14" fill="hsl(${h} 50% 55%)"/>
<text x="160" y="195" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(sku)}</text>
<text x="160" y="290" font-family="Helvetica, Arial, sans-serif" font-size="20" fill="hsl(${h} 40% 25%)" text-anchor="middle">${escapeXml(item.description.slice(0, 28))}</text>
</svg>`;
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
