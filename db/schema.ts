// The one description of the data: every entity of the three spec documents, in libSQL (SQLite) tables.
// Conventions: integer ids, money in integer cents, times as ISO-8601 UTC text, enumerations as the
// spec's exact strings, lists as JSON text, and a `version` on every mutable record (409 on a stale write).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => integer("id").primaryKey({ autoIncrement: true });
const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const version = () => integer("version").notNull().default(1);
const jsonList = <T = string>(name: string) => text(name, { mode: "json" }).$type<T[]>().notNull().default(sql`'[]'`);
const bool = (name: string) => integer(name, { mode: "boolean" });

export type ImageSet = { thumbUrl?: string; smallUrl?: string; mediumUrl?: string; mediumUncroppedUrl?: string; largeUrl?: string; originalUrl?: string };
export type AuditChange = { field: string; before: unknown; after: unknown };
export type GeoPoint = { lat: number; lng: number; accuracy: number; source: "geolocation"; capturedAt: string };
export type DeliveredLine = { lineId: number; sku: string; ordered: number; delivered: number; reason: string | null };
export type Address = { street: string; street2?: string; city: string; state: string; zip?: string; postalCode?: string };

// ---------------------------------------------------------------- identity and access

export const roles = sqliteTable("roles", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  isAdmin: bool("is_admin").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const roleGrants = sqliteTable(
  "role_grants",
  {
    roleId: text("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    scope: text("scope", { enum: ["all", "location", "assignment", "own"] }).notNull().default("all"),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.key] })],
);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    roleId: text("role_id").references(() => roles.id, { onDelete: "set null" }),
    locationIds: jsonList("location_ids"),
    orderTypes: jsonList("order_types"),
    lastSeenAt: text("last_seen_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random 256-bit token held in the cookie: a leaked table does not leak sessions.
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["user", "passcode"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    passcodeId: integer("passcode_id").references(() => passcodes.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    picture: text("picture"),
    allowedLocations: jsonList("allowed_locations"),
    tokenExp: text("token_exp"),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt), index("sessions_user_idx").on(t.userId)],
);

export const passcodes = sqliteTable(
  "passcodes",
  {
    id: id(),
    label: text("label").notNull(),
    // HMAC of the code: lookups stay indexed, the code itself is never stored.
    codeHash: text("code_hash").notNull(),
    codeHint: text("code_hint").notNull().default(""),
    active: bool("active").notNull().default(true),
    usageCount: integer("usage_count").notNull().default(0),
    lastUsedAt: text("last_used_at"),
    expiresAt: text("expires_at"),
    locations: jsonList("locations"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("passcodes_code_uq").on(t.codeHash)],
);

/**
 * Integration keys (issue 21): how the company's systems call /api/integrations/*. The secret is shown once;
 * only its SHA-256 is kept. `publicId` is the visible part of the key and finds the row; `kinds` and
 * `locations` are its scope (no locations = every warehouse); `sourceSystem` names whose ids records carry.
 */
export const integrationKeys = sqliteTable(
  "integration_keys",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    label: text("label").notNull(),
    sourceSystem: text("source_system").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** The secret's last four characters, so an admin can tell a rotated key from the one before. */
    secretHint: text("secret_hint").notNull(),
    kinds: jsonList("kinds"),
    locations: jsonList("locations"),
    createdBy: text("created_by").notNull().default(""),
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
    revokedBy: text("revoked_by"),
    lastUsedAt: text("last_used_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("integration_keys_public_uq").on(t.publicId)],
);

export const authFailures = sqliteTable(
  "auth_failures",
  {
    id: id(),
    clientKey: text("client_key").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("auth_failures_client_idx").on(t.clientKey, t.at)],
);

export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    /** SHA-256 of the request that produced the result: the same key with another request is a 422. */
    fingerprint: text("fingerprint").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// ---------------------------------------------------------------- warehouses and people

export const locations = sqliteTable("locations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  groups: jsonList("groups"),
  lastSynced: text("last_synced"),
  updatedAt: updatedAt(),
  version: version(),
});

export const warehouseWorkers = sqliteTable(
  "warehouse_workers",
  {
    id: id(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    role: text("role").notNull().default("Warehouse Staff"),
    locationIds: jsonList("location_ids"),
    orderTypes: jsonList("order_types"),
    active: bool("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index("workers_active_idx").on(t.active, t.name)],
);

// ---------------------------------------------------------------- orders

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull(),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email"),
    createdBy: text("created_by").notNull().default(""),
    paymentStatus: text("payment_status").notNull().default("N/A"),
    orderStatus: text("order_status").notNull().default("Pending Assignment"),
    orderType: text("order_type").notNull().default(""),
    truckingCompany: text("trucking_company").notNull().default(""),
    warehouseLocation: text("warehouse_location").notNull().default(""),
    warehouseAssignment: jsonList("warehouse_assignment"),
    notes: text("notes").notNull().default(""),
    orderDate: text("order_date").notNull(),
    addressLines: jsonList("address_lines"),
    mapsUrl: text("maps_url"),
    hasDeliveryOrder: bool("has_delivery_order").notNull().default(false),
    deliveryCompletedAt: text("delivery_completed_at"),
    totalCents: integer("total_cents").notNull().default(0),
    lastUpdatedAt: text("last_updated_at"),
    /** The company system that sent the order and its id there (issue 21): a resend updates, never duplicates. */
    sourceSystem: text("source_system"),
    sourceId: text("source_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.orderNumber),
    uniqueIndex("orders_source_uq").on(t.sourceSystem, t.sourceId),
    index("orders_date_idx").on(t.orderDate, t.id),
    index("orders_customer_idx").on(t.customerName, t.id),
    index("orders_status_idx").on(t.orderStatus, t.id),
    index("orders_payment_idx").on(t.paymentStatus, t.id),
    index("orders_type_idx").on(t.orderType, t.id),
    index("orders_location_idx").on(t.warehouseLocation, t.id),
    index("orders_created_by_idx").on(t.createdBy, t.id),
    index("orders_trucking_idx").on(t.truckingCompany, t.id),
    // Case-insensitive exact/prefix search of Order Tracking (app/services/orders.server.ts), each followed
    // by the default sort (order date, id) so a filtered page is read in order off the index, no sort step.
    index("orders_customer_lc_date_idx").on(sql`lower(customer_name)`, t.orderDate, t.id),
    index("orders_created_by_lc_date_idx").on(sql`lower(created_by)`, t.orderDate, t.id),
    index("orders_payment_lc_date_idx").on(sql`lower(payment_status)`, t.orderDate, t.id),
    index("orders_status_lc_date_idx").on(sql`lower(order_status)`, t.orderDate, t.id),
    index("orders_type_lc_date_idx").on(sql`lower(order_type)`, t.orderDate, t.id),
    index("orders_location_lc_date_idx").on(sql`lower(warehouse_location)`, t.orderDate, t.id),
    index("orders_trucking_lc_date_idx").on(sql`lower(trucking_company)`, t.orderDate, t.id),
    // The Awaiting Trucking KPI (open status and unset trucking) counted off the index alone.
    index("orders_status_trucking_lc_idx").on(sql`lower(order_status)`, sql`lower(trucking_company)`),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    lineItemId: text("line_item_id").notNull(),
    productId: text("product_id").notNull().default(""),
    sku: text("sku").notNull(),
    description: text("description").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull().default(0),
    images: jsonList<ImageSet>("images"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId, t.position), uniqueIndex("order_lines_item_uq").on(t.orderId, t.lineItemId)],
);

export const inventoryItems = sqliteTable(
  "inventory_items",
  {
    sku: text("sku").primaryKey(),
    productId: text("product_id").notNull(),
    description: text("description").notNull().default(""),
    /** Every warehouse together; once the company's system sends stock, the sum of `stock_levels` (issue 21). */
    quantityOnHand: integer("quantity_on_hand").notNull().default(0),
    /** Where the SKU is picked from: aisle-bay-level, e.g. 'A-03-2' (issue 13); null when not slotted. */
    bin: text("bin"),
    /** The company system that sent the product and its id there (issue 21). */
    sourceSystem: text("source_system"),
    sourceId: text("source_id"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("inventory_items_source_uq").on(t.sourceSystem, t.sourceId)],
);

/** Stock on hand per SKU and warehouse, as the company's inventory system reports it (issue 21). */
export const stockLevels = sqliteTable(
  "stock_levels",
  {
    sku: text("sku").notNull().references(() => inventoryItems.sku, { onDelete: "cascade", onUpdate: "cascade" }),
    locationId: text("location_id").notNull().references(() => locations.id, { onDelete: "cascade" }),
    quantityOnHand: integer("quantity_on_hand").notNull(),
    sourceSystem: text("source_system").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.locationId] }), index("stock_levels_location_idx").on(t.locationId)],
);

// ---------------------------------------------------------------- picking data (issue 13)

/**
 * A product's barcodes: what a scan on the picking screen matches. `code` as an admin entered it, `codeKey`
 * its match key (barcodeKey: the GTIN-14 of a UPC/EAN, else the text upper-cased), unique across products.
 * A unit code confirms one; a case code confirms `quantity`.
 */
export const productBarcodes = sqliteTable(
  "product_barcodes",
  {
    id: id(),
    sku: text("sku").notNull().references(() => inventoryItems.sku, { onDelete: "cascade", onUpdate: "cascade" }),
    code: text("code").notNull(),
    codeKey: text("code_key").notNull(),
    kind: text("kind", { enum: ["unit", "case"] }).notNull().default("unit"),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("product_barcodes_key_uq").on(t.codeKey), index("product_barcodes_sku_idx").on(t.sku)],
);

/** Why a line was picked short; admins manage the list. `action`: what a short with this reason raises. */
export const pickShortReasons = sqliteTable(
  "pick_short_reasons",
  {
    id: id(),
    label: text("label").notNull(),
    action: text("action", { enum: ["follow_up", "recount", "none"] }).notNull().default("none"),
    active: bool("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("pick_short_reasons_label_uq").on(sql`${t.label} COLLATE NOCASE`)],
);

/**
 * What a short pick raised, once: one row per order, line, reason and missing quantity (`key`, unique), so a
 * retried or repeated save never raises the follow-up, the recount or the sales rep's notice twice.
 */
export const pickShorts = sqliteTable(
  "pick_shorts",
  {
    id: id(),
    key: text("key").notNull(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    lineItemId: text("line_item_id").notNull(),
    sku: text("sku").notNull(),
    reason: text("reason").notNull(),
    action: text("action", { enum: ["follow_up", "recount", "none"] }).notNull(),
    missing: integer("missing").notNull(),
    createdBy: text("created_by").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pick_shorts_key_uq").on(t.key), index("pick_shorts_order_idx").on(t.orderId)],
);

export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    at: text("at").notNull(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull().default(""),
    actorName: text("actor_name").notNull().default(""),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    changes: jsonList<AuditChange>("changes"),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId, t.at), index("audit_at_idx").on(t.at)],
);

// ---------------------------------------------------------------- files (R2 objects we know about)

export const storedFiles = sqliteTable(
  "stored_files",
  {
    id: id(),
    key: text("key").notNull(),
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
    kind: text("kind").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stored_files_key_uq").on(t.key), index("stored_files_owner_idx").on(t.ownerType, t.ownerId, t.kind)],
);

// ---------------------------------------------------------------- warehouse, documents, delivery

export const warehouseCaptures = sqliteTable("warehouse_captures", {
  id: id(),
  orderId: integer("order_id").notNull().unique().references(() => orders.id, { onDelete: "cascade" }),
  signedByName: text("signed_by_name").notNull(),
  signatureKey: text("signature_key").notNull(),
  capturedBy: text("captured_by").notNull(),
  savedAt: text("saved_at").notNull(),
  version: version(),
});

export const bols = sqliteTable("bols", {
  id: id(),
  orderId: integer("order_id").notNull().unique().references(() => orders.id, { onDelete: "cascade" }),
  totalPackages: integer("total_packages"),
  totalPallets: integer("total_pallets"),
  netWeightLbs: integer("net_weight_lbs"),
  grossWeightLbs: integer("gross_weight_lbs"),
  comments: text("comments").notNull().default(""),
  instructions: text("instructions").notNull().default(""),
  placeOfDischarge: text("place_of_discharge").notNull().default("Hicksville, NY"),
  placeOfDelivery: text("place_of_delivery").notNull().default(""),
  chargeType: text("charge_type", { enum: ["Collect", "Prepaid"] }).notNull().default("Prepaid"),
  freightCarrier: text("freight_carrier").notNull().default(""),
  fileKey: text("file_key"),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const deliveryMeta = sqliteTable("delivery_meta", {
  orderId: integer("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
  outForDeliveryAt: text("out_for_delivery_at"),
  signedByName: text("signed_by_name"),
  signatureKey: text("signature_key"),
  deliveryDate: text("delivery_date"),
  deliveryWindow: text("delivery_window"),
  deliveryCompleteGeo: text("delivery_complete_geo", { mode: "json" }).$type<GeoPoint | null>(),
  deliveryCompletedAt: text("delivery_completed_at"),
  deliveryOrderKey: text("delivery_order_key"),
  driverEmail: text("driver_email"),
  /** Delivered quantity per order line at the door, with the reason for any shortfall (issue 8). */
  deliveredLines: text("delivered_lines", { mode: "json" }).$type<DeliveredLine[] | null>(),
  /** Cash on delivery: what the driver collected against what was due, in cents. */
  codCollectedCents: integer("cod_collected_cents"),
  codDueCents: integer("cod_due_cents"),
  /** The order status before completion set it, so Help's revert can put it back. */
  statusBeforeCompletion: text("status_before_completion"),
  completedBy: text("completed_by"),
  updatedAt: updatedAt(),
  version: version(),
});

export const pickListStatus = sqliteTable("pick_list_status", {
  orderId: integer("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
  hasReleaseOrder: bool("has_release_order").notNull().default(false),
  generatedAt: text("generated_at"),
  fileKey: text("file_key"),
  generatedBy: text("generated_by"),
  emailedAt: text("emailed_at"),
  emailEnabled: bool("email_enabled").notNull().default(true),
  completedAt: text("completed_at"),
  completedBy: text("completed_by"),
  version: version(),
});

export const pickListLogs = sqliteTable(
  "pick_list_logs",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    actor: text("actor").notNull().default("user"),
    at: text("at").notNull(),
  },
  (t) => [index("pick_list_logs_order_idx").on(t.orderNumber, t.at)],
);

// ---------------------------------------------------------------- returns and applications

export const returnRequests = sqliteTable(
  "return_requests",
  {
    id: id(),
    returnID: text("return_id").notNull().unique(),
    companyName: text("company_name").notNull(),
    orderNum: text("order_num").notNull().default(""),
    status: text("status").notNull().default("pending"),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    location: text("location").notNull().default(""),
    submittedAt: text("submitted_at").notNull(),
    remarks: text("remarks").notNull().default(""),
    address: jsonList<Address>("address"),
    productImages: jsonList("product_images"),
    defectImages: jsonList("defect_images"),
    /** How many item lines the request has (the list's Items column, sortable in SQL). */
    itemCount: integer("item_count").notNull().default(0),
    /** 'public' (the customer's form), 'staff' or 'seed': where the request came from. */
    source: text("source").notNull().default("staff"),
    /** Receiving found a mismatch with the request: someone must look at it. */
    needsReview: bool("needs_review").notNull().default(false),
    receivedAt: text("received_at"),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // Covers the substring-searched fields too: a status filter's search count reads the index, not the rows.
    index("returns_status_search_idx").on(t.status, t.submittedAt, t.companyName, t.returnID, t.orderNum, t.email, t.phone),
    index("returns_submitted_idx").on(t.submittedAt),
    // A search driven from its matches, in the default order: each match's date read from this narrow index
    // instead of its row (4,167 'golden' matches sorted for a deep page: 8.3 → 5.7 ms).
    index("returns_id_submitted_idx").on(t.id, t.submittedAt),
    // The flagged count of the KPIs (few rows ever need review).
    index("returns_review_idx").on(t.needsReview).where(sql`${t.needsReview} = 1`),
    index("returns_company_idx").on(sql`${t.companyName} COLLATE NOCASE`, t.submittedAt),
    index("returns_order_idx").on(sql`${t.orderNum} COLLATE NOCASE`, t.submittedAt),
    index("returns_location_idx").on(sql`${t.location} COLLATE NOCASE`, t.submittedAt),
    index("returns_items_idx").on(t.itemCount, t.submittedAt),
  ],
);

export const returnItems = sqliteTable(
  "return_items",
  {
    id: id(),
    returnId: integer("return_id").notNull().references(() => returnRequests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull().default(""),
    count: integer("count").notNull(),
    reason: text("reason").notNull().default(""),
    customReason: text("custom_reason").notNull().default(""),
    comments: text("comments").notNull().default(""),
    uploadedImages: jsonList("uploaded_images"),
    status: text("status").notNull().default("pending"),
    decisionDate: text("decision_date"),
    remarks: text("remarks").notNull().default(""),
    /** Receiving: what arrived, how much of it is damaged, and the sellable rest marked for restock. */
    receivedQty: integer("received_qty"),
    damagedQty: integer("damaged_qty"),
    restockQty: integer("restock_qty"),
    receivedAt: text("received_at"),
    receivedBy: text("received_by"),
    version: version(),
  },
  (t) => [uniqueIndex("return_items_pos_uq").on(t.returnId, t.position)],
);

/** Public form submissions per client (rate limit of the customers' return and application forms). */
export const submissionAttempts = sqliteTable(
  "submission_attempts",
  {
    id: id(),
    clientKey: text("client_key").notNull(),
    kind: text("kind").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("submission_attempts_client_idx").on(t.clientKey, t.kind, t.at)],
);

/** The reasons a customer may pick for a returned item; admins manage the list ('Other' is always offered). */
export const returnReasons = sqliteTable(
  "return_reasons",
  {
    id: id(),
    label: text("label").notNull(),
    active: bool("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("return_reasons_label_uq").on(sql`${t.label} COLLATE NOCASE`)],
);

export const customerApplications = sqliteTable(
  "customer_applications",
  {
    id: id(),
    companyID: text("company_id"),
    companyName: text("company_name").notNull(),
    email: text("email").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    ownerName: text("owner_name").notNull().default(""),
    ownerNumber: text("owner_number").notNull().default(""),
    status: text("status", { enum: ["Pending", "Approved", "Declined", "Completed"] }).notNull().default("Pending"),
    remarks: text("remarks").notNull().default(""),
    decisionDate: text("decision_date"),
    addresses: jsonList<Address>("addresses"),
    /** The reference the applicant is given on submission (APP-…); null for applications entered before. */
    reference: text("reference"),
    source: text("source").notNull().default("staff"),
    /**
     * An approval recorded while QuickBooks could not create the customer (docs/decisions/028-trust-second-pass.md):
     * since when the customer is owed, QuickBooks' last answer, and when an attempt last started (a lease, so two
     * runs never create the same customer twice). All null when nothing is owed.
     */
    qboPendingSince: text("qbo_pending_since"),
    qboPendingReason: text("qbo_pending_reason"),
    qboAttemptAt: text("qbo_attempt_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("applications_qbo_pending_idx").on(t.qboPendingSince).where(sql`${t.qboPendingSince} IS NOT NULL`),
    index("applications_status_idx").on(t.status, t.decisionDate),
    index("applications_decision_idx").on(t.decisionDate),
    index("applications_company_idx").on(sql`${t.companyName} COLLATE NOCASE`),
    index("applications_owner_idx").on(sql`${t.ownerName} COLLATE NOCASE`),
    uniqueIndex("applications_reference_uq").on(t.reference),
    uniqueIndex("applications_company_id_uq").on(t.companyID),
  ],
);

// ---------------------------------------------------------------- reports

export type StockTransferItem = { itemSku: string; itemDescription: string; quantity: number; damaged: "yes" | "no"; damagedQuantity?: number };
export type ReportPhoto = { key: string; filename: string; originalName: string; size: number };

export const stockTransferReports = sqliteTable(
  "stock_transfer_reports",
  {
    id: id(),
    dateReceived: text("date_received").notNull(),
    transferReference: text("transfer_reference").notNull(),
    receivingLocation: text("receiving_location").notNull(),
    transferFrom: text("transfer_from").notNull(),
    receivedBy: text("received_by").notNull(),
    items: jsonList<StockTransferItem>("items"),
    productCondition: text("product_condition", { enum: ["excellent", "acceptable", "damaged"] }).notNull(),
    notesComments: text("notes_comments").notNull().default(""),
    signatureType: text("signature_type", { enum: ["draw", "type"] }).notNull(),
    signatureKey: text("signature_key"),
    signatureTyped: text("signature_typed"),
    photos: jsonList<ReportPhoto>("photos"),
    status: text("status", { enum: ["submitted", "reviewed", "approved", "rejected"] }).notNull().default("submitted"),
    submittedAt: text("submitted_at").notNull(),
    submittedBy: text("submitted_by").notNull().default(""),
    version: version(),
  },
  (t) => [index("str_submitted_idx").on(t.submittedAt), index("str_location_idx").on(t.receivingLocation, t.submittedAt)],
);

export const devanningReports = sqliteTable(
  "devanning_reports",
  {
    id: id(),
    containerNumber: text("container_number").notNull(),
    cargoDetails: text("cargo_details", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    warehouseInfo: text("warehouse_info", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    totalsCalculation: text("totals_calculation", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    containerInfo: text("container_info", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    inventoryDetails: text("inventory_details", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    environmentalCheck: text("environmental_check", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    photos: text("photos", { mode: "json" }).$type<Record<string, ReportPhoto[]>>().notNull(),
    status: text("status", { enum: ["pending", "reviewed", "approved", "rejected"] }).notNull().default("pending"),
    submittedAt: text("submitted_at").notNull(),
    submittedBy: text("submitted_by").notNull().default(""),
    reviewedBy: text("reviewed_by"),
    reviewedAt: text("reviewed_at"),
    managementSign: text("management_sign"),
    notes: text("notes").notNull().default(""),
    version: version(),
  },
  (t) => [index("devanning_submitted_idx").on(t.submittedAt), index("devanning_container_idx").on(t.containerNumber)],
);

// ---------------------------------------------------------------- email routing, notifications, tasks

export const emailRouting = sqliteTable("email_routing", {
  key: text("key").primaryKey(),
  enabled: bool("enabled").notNull().default(true),
  to: jsonList("to_addresses"),
  cc: jsonList("cc_addresses"),
  updatedAt: updatedAt(),
});

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export const emailLog = sqliteTable("email_log", {
  id: id(),
  providerId: text("provider_id"),
  to: jsonList("to_addresses"),
  cc: jsonList("cc_addresses"),
  subject: text("subject").notNull(),
  status: text("status", { enum: ["sent", "failed"] }).notNull(),
  error: text("error"),
  relatedType: text("related_type"),
  relatedId: text("related_id"),
  sentBy: text("sent_by"),
  createdAt: createdAt(),
});

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    // A notification goes to one user, or to everyone holding a grant (e.g. managers for a help request).
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    audienceGrant: text("audience_grant"),
    type: text("type", { enum: ["error", "warning", "success", "info"] }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: text("priority", { enum: ["high", "medium", "low"] }).notNull().default("medium"),
    category: text("category", { enum: ["system", "payment_issue", "status_change"] }).notNull().default("system"),
    orderNumber: text("order_number"),
    orderId: integer("order_id"),
    attachmentKey: text("attachment_key"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), index("notifications_grant_idx").on(t.audienceGrant, t.createdAt)],
);

export const notificationReads = sqliteTable(
  "notification_reads",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    readAt: text("read_at").notNull(),
    cleared: bool("cleared").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] })],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: ["error", "warning", "success", "info"] }).notNull(),
    priority: text("priority", { enum: ["high", "medium", "low"] }).notNull(),
    category: text("category", { enum: ["system", "payment_issue", "status_change"] }).notNull(),
    actionable: bool("actionable").notNull(),
    orderStatus: text("order_status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    customerName: text("customer_name").notNull(),
    salesRep: text("sales_rep").notNull(),
    orderDate: text("order_date").notNull(),
    daysSinceOrder: integer("days_since_order").notNull(),
    builtAt: text("built_at").notNull(),
  },
  (t) => [index("tasks_days_idx").on(t.daysSinceOrder), index("tasks_sales_rep_idx").on(t.salesRep)],
);

export const announcements = sqliteTable("announcements", {
  id: id(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  publishedAt: text("published_at").notNull(),
  createdBy: text("created_by"),
});

// ---------------------------------------------------------------- accounting system

/** The one QuickBooks connection. Both tokens are AES-GCM ciphertext ('v1.<iv>.<data>', key QBO_TOKEN_KEY), never plain. */
export const qboConnections = sqliteTable("qbo_connections", {
  id: id(),
  realmId: text("realm_id").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  accessTokenExpiresAt: text("access_token_expires_at").notNull(),
  refreshTokenExpiresAt: text("refresh_token_expires_at"),
  /** E-mail of the admin who completed the connect flow, and when. */
  connectedBy: text("connected_by"),
  connectedAt: text("connected_at"),
  /** Set when QuickBooks refused the refresh token (revoked or expired): only a reconnect helps. */
  refusedAt: text("refused_at"),
  refusedReason: text("refused_reason"),
  updatedAt: updatedAt(),
});
