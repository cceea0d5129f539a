// The page loader's copy of an Order Tracking /api body (docs/decisions/008-page-data.md), read on the server
// exactly as the fetched answer would be: the same contract, the same plain words for a refusal. The screen
// is handed the result, so zod and the contract stay off its first load (decision 038).
import { readAnswer, type ApiAnswer } from "~/lib/api-client";
import { KpisAnswer, OrderListAnswer, type Kpis, type ListResult } from "~/domain/orders/contract";

/** The loader's copy of GET /api/order-trackers. */
export function readListBody(body: unknown): ApiAnswer<ListResult> {
  return readAnswer("GET", 200, JSON.stringify(body ?? null), null, OrderListAnswer);
}

/** The loader's copy of GET /api/order-trackers/kpis. */
export function readKpisBody(body: unknown): ApiAnswer<Kpis> {
  return readAnswer("GET", 200, JSON.stringify(body ?? null), null, KpisAnswer);
}
