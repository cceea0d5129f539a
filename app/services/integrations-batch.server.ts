// One batch from an integration key (issue 21): each record parsed on its own (a malformed one is refused with
// its reason, the others go on), then the kind's upsert (one transaction), then the key's last use. The
// upserts take parsed records and a SyncActor, so a CSV import can call them without HTTP.
import type { IntegrationKind } from "~/domain/integrations/keys";
import { parseRecords, type LocationRecord, type OrderRecord, type ParsedRecord, type ProductRecord, type StockRecord } from "~/domain/integrations/records";
import type { AppContext } from "~/lib/context.server";
import { hasLoneSurrogate } from "~/lib/http.server";
import { confirmIntegrationKey, touchIntegrationKey, type IntegrationClient } from "./integrations-keys.server";
import { upsertLocations } from "./integrations-locations.server";
import { upsertOrders } from "./integrations-orders.server";
import { upsertProducts } from "./integrations-products.server";
import { upsertStock } from "./integrations-stock.server";
import { serialized, type BatchResult, type SyncActor } from "./integrations-sync.server";

/** What a key writes as: its audit identity, its system's ids, its warehouses; its batches filed under its public id. */
export function syncActorOf(client: IntegrationClient): SyncActor {
  return {
    ...client.actor,
    sourceSystem: client.sourceSystem,
    locations: client.locations,
    batchSource: client.publicId,
    stillAllowed: (tx) => confirmIntegrationKey(tx, client),
  };
}

/** Text the database cannot keep whole (a lone surrogate, a NUL) refuses its record instead of the batch. */
function unstorableText(raw: unknown): string | null {
  return hasLoneSurrogate(raw) ? "Text must be valid Unicode (a lone surrogate or NUL escape was sent)" : null;
}

export async function receiveBatch(ctx: AppContext, client: IntegrationClient, kind: IntegrationKind, raws: readonly unknown[]): Promise<BatchResult> {
  const actor = syncActorOf(client);
  let result: BatchResult;
  switch (kind) {
    case "orders": {
      const { parsed, refused } = parseRecords("orders", raws, unstorableText);
      result = await upsertOrders(ctx, actor, parsed as ParsedRecord<OrderRecord>[], refused);
      break;
    }
    case "products": {
      const { parsed, refused } = parseRecords("products", raws, unstorableText);
      result = await upsertProducts(ctx, actor, parsed as ParsedRecord<ProductRecord>[], refused);
      break;
    }
    case "stock": {
      const { parsed, refused } = parseRecords("stock", raws, unstorableText);
      result = await upsertStock(ctx, actor, parsed as ParsedRecord<StockRecord>[], refused);
      break;
    }
    case "locations": {
      const { parsed, refused } = parseRecords("locations", raws, unstorableText);
      result = await upsertLocations(ctx, actor, parsed as ParsedRecord<LocationRecord>[], refused);
      break;
    }
  }
  // After the batch committed: a failure here must not turn its answer into an error (a resend would be
  // answered 'unchanged', but the sender would think the batch failed). Queued like a batch, so it never
  // waits on another batch's lock.
  await serialized(() => touchIntegrationKey(ctx, client)).catch((error: unknown) => console.warn("integration key last use not recorded", error));
  return result;
}
