// The kinds of data a company system may send and their labels: no zod, so the admin screen's first load
// carries only these words (the key rules in ./keys.ts re-export them for the server).

/** The data a company system may send, one /api/integrations/<kind> path each. */
export const INTEGRATION_KINDS = ["orders", "products", "stock", "locations"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const KIND_LABELS: Record<IntegrationKind, string> = {
  orders: "Orders",
  products: "Products",
  stock: "Stock on hand",
  locations: "Warehouse locations",
};

/** The source system a key's records are filed under when the admin names none. */
export const DEFAULT_SOURCE_SYSTEM = "inventory";
