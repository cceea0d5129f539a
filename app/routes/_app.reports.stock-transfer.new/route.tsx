// /reports/stock-transfer/new: the Stock Transfer Receiving Report form (spec 002 §2, §5). It posts to
// /api/stock-transfer-reports itself (multipart, Idempotency-Key), so this route takes no writes.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { StockTransferForm } from "~/components/reports/stock-transfer-form";
import { policies } from "~/domain/access/policy";
import { DEFAULT_RECEIVING_LOCATION, RECEIVING_LOCATIONS } from "~/domain/reports/constants";
import { noAction, pageLoader } from "~/lib/route.server";
import { locations } from "../../../db/schema";

export const policy = policies.grant("stockTransferReports:create");

export const meta: MetaFunction = () => [{ title: "Stock Transfer Receiving Report — Golden Grain" }];

export const loader = pageLoader(policy, async ({ viewer, ctx }) => {
  const rows = await ctx.db.select({ name: locations.name }).from(locations).orderBy(locations.name);
  const names = rows.length ? rows.map((r) => r.name) : [...RECEIVING_LOCATIONS];
  return { locations: names, defaultLocation: names.includes(DEFAULT_RECEIVING_LOCATION) ? DEFAULT_RECEIVING_LOCATION : (names[0] ?? ""), receivedBy: viewer.name };
});

export const action = noAction(policy);

export default function NewStockTransferReport() {
  const data = useLoaderData<typeof loader>();
  return <StockTransferForm {...data} />;
}
