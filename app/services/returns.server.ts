// Return requests (spec 000 §2, §7): the list with search, filter, sort and paging in SQL, KPIs, the detail
// with its history, request and item decisions under DESIGN §8's transitions with optimistic versions,
// receiving (received, damaged, restock, mismatch flag), the admin-managed reasons, and the customer's form.
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { auditEvents, returnItems, returnReasons, returnRequests, type Address, type AuditChange } from "../../db/schema";
import { hasGrant } from "~/domain/access/roles";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors";
import {
  checkItemDecision,
  checkReceiving,
  checkReturnTransition,
  dayBounds,
  likePattern,
  normalizeReturnStatus,
  receiveLines,
  returnReference,
  statusSearchValues,
  trigramPhrase,
} from "~/domain/returns/rules";
import {
  MAX_RETURN_PHOTOS,
  OTHER_REASON,
  returnSubmissionSchema,
  type ItemStatusBody,
  type ReceivingBody,
  type ReturnListQuery,
  type ReturnStatusBody,
  type ReturnSubmission,
} from "~/domain/returns/schemas";
import type { AppContext } from "~/lib/context.server";
import { cleanFilename, IMAGES, listFilesFor, signFileUrl, storeUpload } from "~/lib/files.server";
import { actorName, recordAudit, type Actor } from "~/lib/writes.server";
import type { Viewer } from "~/lib/session.server";
import { parseFormData } from "~/lib/http.server";
import { pageRows, searchPage, viewOf, type JsonPage, type ListSearch } from "./search-page.server";
import { checkUploads, parsePayload, referenceCode } from "./uploads.server";

/** 30 photos of 10 MB at most, plus the fields. */
const RETURN_FORM_MAX_BYTES = 30 * 10 * 1024 * 1024 + 256 * 1024;

type RequestRow = typeof returnRequests.$inferSelect;
type ItemRow = typeof returnItems.$inferSelect;

export const RETURN_ENTITY = "return_request";
const REQUEST_FILE_OWNER = "return_request";
const ITEM_FILE_OWNER = "return_item";

export type ReturnItemView = {
  _id: number;
  index: number;
  sku: string;
  description: string;
  count: number;
  reason: string;
  customReason: string;
  comments: string;
  uploadedImages: string[];
  status: { status: string; decisionDate: string | null; remarks: string };
  receivedQty: number | null;
  damagedQty: number | null;
  restockQty: number | null;
  receivedAt: string | null;
  receivedBy: string | null;
  version: number;
};

export type ReturnRequestView = {
  _id: number;
  returnID: string;
  companyName: string;
  orderNum: string;
  status: string;
  email: string;
  phone: string;
  location: string;
  submittedAt: string;
  remarks: string;
  address: Address[];
  productImages: string[];
  defectImages: string[];
  items: ReturnItemView[];
  itemCount: number;
  needsReview: boolean;
  receivedAt: string | null;
  source: string;
  updatedAt: string;
  version: number;
};

export type ImageRecord = { name: string; presignedUrl: string | null; error?: string };
export type HistoryEntry = { at: string; actor: string; action: string; changes: AuditChange[] };

/** The true/false of an integer flag, as JSON. */
const jsonBool = (column: SQL | typeof returnRequests.needsReview) => sql`json(CASE WHEN ${column} THEN 'true' ELSE 'false' END)`;

/** One item as the API shows it (ReturnItemView), built by SQLite. */
const itemJson = sql`json_object(
  '_id', ${returnItems.id}, 'index', ${returnItems.position}, 'sku', ${returnItems.sku}, 'description', ${returnItems.description},
  'count', ${returnItems.count}, 'reason', ${returnItems.reason}, 'customReason', ${returnItems.customReason},
  'comments', ${returnItems.comments}, 'uploadedImages', json(${returnItems.uploadedImages}),
  'status', json_object('status', ${returnItems.status}, 'decisionDate', ${returnItems.decisionDate}, 'remarks', ${returnItems.remarks}),
  'receivedQty', ${returnItems.receivedQty}, 'damagedQty', ${returnItems.damagedQty}, 'restockQty', ${returnItems.restockQty},
  'receivedAt', ${returnItems.receivedAt}, 'receivedBy', ${returnItems.receivedBy}, 'version', ${returnItems.version})`;

/**
 * One request with its items as the API shows it (ReturnRequestView): the one definition of that view, used by
 * the list (a page is these rows joined) and by every call answering one request. SQLite builds it, so a page of
 * 100 requests with 200 items costs under a millisecond instead of decoding, mapping and serializing 300 rows.
 */
const requestJson = sql`json_object(
  '_id', ${returnRequests.id}, 'returnID', ${returnRequests.returnID}, 'companyName', ${returnRequests.companyName},
  'orderNum', ${returnRequests.orderNum}, 'status', ${returnRequests.status}, 'email', ${returnRequests.email},
  'phone', ${returnRequests.phone}, 'location', ${returnRequests.location}, 'submittedAt', ${returnRequests.submittedAt},
  'remarks', ${returnRequests.remarks}, 'address', json(${returnRequests.address}),
  'productImages', json(${returnRequests.productImages}), 'defectImages', json(${returnRequests.defectImages}),
  'items', json((SELECT json_group_array(${itemJson} ORDER BY ${returnItems.position}) FROM ${returnItems} WHERE ${returnItems.returnId} = ${returnRequests.id})),
  'itemCount', ${returnRequests.itemCount}, 'needsReview', ${jsonBool(returnRequests.needsReview)},
  'receivedAt', ${returnRequests.receivedAt}, 'source', ${returnRequests.source}, 'updatedAt', ${returnRequests.updatedAt},
  'version', ${returnRequests.version})`;

// ---------------------------------------------------------------- list and KPIs

/** The columns of _returns_search (db/migrations/0008_returns_search.sql) for each substring search field. */
const RETURN_SEARCH_INDEX = {
  companyName: { column: returnRequests.companyName, indexed: "company_name" },
  returnID: { column: returnRequests.returnID, indexed: "return_id" },
  orderNum: { column: returnRequests.orderNum, indexed: "order_num" },
  email: { column: returnRequests.email, indexed: "email" },
} as const;


function returnSearch(query: Pick<ReturnListQuery, "search" | "searchBy">): ListSearch {
  const text = query.search;
  if (!text) return {};
  switch (query.searchBy) {
    case "submittedAt": {
      const { start, end } = dayBounds(text);
      return { where: and(gte(returnRequests.submittedAt, start), lt(returnRequests.submittedAt, end)) };
    }
    case "phone": {
      // A plain substring (spec 000 §5): no case folding, no wildcards; the index holds the phone as is.
      const phrase = trigramPhrase(text, false);
      return { where: sql`instr(${returnRequests.phone}, ${text}) > 0`, index: phrase ? { indexed: "phone", phrase } : undefined };
    }
    case "status": {
      const statuses = statusSearchValues(text);
      return { where: statuses.length ? inArray(returnRequests.status, statuses) : sql`0` };
    }
    default: {
      const { column, indexed } = RETURN_SEARCH_INDEX[query.searchBy];
      const phrase = trigramPhrase(text, true);
      return { where: sql`${column} LIKE ${likePattern(text)} ESCAPE '\\'`, index: phrase ? { indexed, phrase } : undefined };
    }
  }
}

function statusCondition(status: ReturnListQuery["status"]): SQL | undefined {
  if (!status || status === "all") return undefined;
  const s = normalizeReturnStatus(status);
  return s === "under_review" ? inArray(returnRequests.status, ["under_review", "review"]) : eq(returnRequests.status, s);
}

/**
 * The list's order as keys, each with its direction (the CSV export reads the list by keyset over the same keys).
 * Ties follow the same direction, so each (column, submitted_at) index walks forwards or backwards with no sort step.
 */
export function returnSortKeys(query: Pick<ReturnListQuery, "sort" | "dir">): { expr: SQL; dir: "asc" | "desc" }[] {
  const dir = query.dir ?? (query.sort === "submittedAt" ? "desc" : "asc");
  const key: Record<ReturnListQuery["sort"], SQL> = {
    companyName: sql`${returnRequests.companyName} COLLATE NOCASE`,
    orderNum: sql`${returnRequests.orderNum} COLLATE NOCASE`,
    location: sql`${returnRequests.location} COLLATE NOCASE`,
    items: sql`${returnRequests.itemCount}`,
    status: sql`${returnRequests.status}`,
    submittedAt: sql`${returnRequests.submittedAt}`,
  };
  const ties = query.sort === "submittedAt" ? [sql`${returnRequests.id}`] : [sql`${returnRequests.submittedAt}`, sql`${returnRequests.id}`];
  return [key[query.sort], ...ties].map((expr) => ({ expr, dir }));
}

function orderBy(query: ReturnListQuery): SQL[] {
  return returnSortKeys(query).map(({ expr, dir }) => (dir === "asc" ? asc(expr) : desc(expr)));
}

/** The rows the list holds for a query (its search as a row test, and its status filter): the CSV export's condition. */
export function returnListWhere(query: Pick<ReturnListQuery, "search" | "searchBy" | "status">): SQL | undefined {
  return and(returnSearch(query).where, statusCondition(query.status));
}

export type ReturnList = { rows: ReturnRequestView[]; total: number; page: number; limit: number };

/**
 * GET /api/return-requests: one page of requests (with their items), filtered and sorted in SQL, as the JSON
 * text the route sends (search-page.server.ts pages a substring search from the trigram index or the sort order).
 */
export function returnRequestsPage(ctx: AppContext, query: ReturnListQuery): Promise<JsonPage> {
  return searchPage(ctx, {
    table: returnRequests,
    id: returnRequests.id,
    searchTable: "_returns_search",
    search: returnSearch(query),
    filter: statusCondition(query.status),
    filterCovers: true,
    orderBy: orderBy(query),
    view: requestJson,
    page: query.page,
    limit: query.limit,
  });
}

/** The same page as objects (the Return Forms page's first data). */
export async function listReturnRequests(ctx: AppContext, query: ReturnListQuery): Promise<ReturnList> {
  return pageRows<ReturnRequestView>(await returnRequestsPage(ctx, query));
}

export type ReturnKpis = { requestsToday: number; pending: number; underReview: number; approved: number; needsReview: number };

/**
 * Requests Today (since 00:00 UTC), Pending, Under Review (with the legacy 'review'), Approved; plus flagged. One
 * statement of index range counts (decision 044): a count of each status the tiles show reads only that status's
 * entries, where grouping every request by status read all of them, declined ones included.
 */
export async function returnKpis(ctx: AppContext): Promise<ReturnKpis> {
  const today = ctx.now().toISOString().slice(0, 10);
  const count = (where: SQL) => sql`(SELECT count(*) FROM ${returnRequests} WHERE ${where})`;
  // needsReview is written as the partial index's own condition (returns_review_idx), which a bound parameter would not match.
  const [row] = await ctx.db.all<Record<keyof ReturnKpis, number>>(sql`SELECT
    ${count(gte(returnRequests.submittedAt, dayBounds(today).start))} AS requestsToday,
    ${count(eq(returnRequests.status, "pending"))} AS pending,
    ${count(inArray(returnRequests.status, ["under_review", "review"]))} AS underReview,
    ${count(eq(returnRequests.status, "approved"))} AS approved,
    ${count(sql`${returnRequests.needsReview} = 1`)} AS needsReview`);
  return {
    requestsToday: Number(row?.requestsToday ?? 0),
    pending: Number(row?.pending ?? 0),
    underReview: Number(row?.underReview ?? 0),
    approved: Number(row?.approved ?? 0),
    needsReview: Number(row?.needsReview ?? 0),
  };
}

// ---------------------------------------------------------------- one request

async function loadRequest(ctx: AppContext, id: number): Promise<{ row: RequestRow; items: ItemRow[] }> {
  const [row] = await ctx.db.select().from(returnRequests).where(eq(returnRequests.id, id)).limit(1);
  if (!row) throw new NotFoundError("Return request not found");
  const items = await ctx.db.select().from(returnItems).where(eq(returnItems.returnId, id)).orderBy(asc(returnItems.position));
  return { row, items };
}

export async function getReturnRequest(ctx: AppContext, id: number): Promise<ReturnRequestView> {
  const request = await viewOf<ReturnRequestView>(ctx, returnRequests, requestJson, eq(returnRequests.id, id));
  if (!request) throw new NotFoundError("Return request not found");
  return request;
}

/** The request's history: every decision, receipt and edit, with who and when, oldest first. */
export async function returnHistory(ctx: AppContext, returnID: string): Promise<HistoryEntry[]> {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, RETURN_ENTITY), eq(auditEvents.entityId, returnID)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((r) => ({ at: r.at, actor: r.actorName || r.actorEmail, action: r.action, changes: r.changes }));
}

/** GET /api/return-requests/{id}: the request, its history and its request-level images. */
export async function returnDetail(ctx: AppContext, id: number) {
  const request = await getReturnRequest(ctx, id);
  const [history, images] = await Promise.all([returnHistory(ctx, request.returnID), imageRecords(ctx, REQUEST_FILE_OWNER, String(id), request.productImages)]);
  return { ...request, history, images };
}

async function imageRecords(ctx: AppContext, ownerType: string, ownerId: string, legacyNames: string[]): Promise<ImageRecord[]> {
  const files = await listFilesFor(ctx, ownerType, ownerId);
  const stored = await Promise.all(files.map(async (f) => ({ name: f.filename, presignedUrl: await signFileUrl(ctx, f.key, { filename: f.filename }) })));
  if (stored.length) return stored;
  // Names from before files were stored here: listed, with the reason they cannot be shown.
  return legacyNames.map((name) => ({ name, presignedUrl: null, error: "Stored on server" }));
}

/** GET /api/return-requests/{id}/items/{index}/images: the item's photos as short-lived links. */
export async function itemImages(ctx: AppContext, id: number, index: number): Promise<ImageRecord[]> {
  const [item] = await ctx.db
    .select()
    .from(returnItems)
    .where(and(eq(returnItems.returnId, id), eq(returnItems.position, index)))
    .limit(1);
  if (!item) {
    const [request] = await ctx.db.select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.id, id)).limit(1);
    throw new NotFoundError(request ? `Item ${index} not found on this request` : "Return request not found");
  }
  return imageRecords(ctx, ITEM_FILE_OWNER, `${id}:${index}`, item.uploadedImages);
}

// ---------------------------------------------------------------- decisions

function isAdmin(viewer: Viewer): boolean {
  return viewer.isAdmin || hasGrant(viewer.grants, "admin:manage");
}

async function conflict(ctx: AppContext, id: number, message: string): Promise<never> {
  throw new ConflictError(message, await getReturnRequest(ctx, id));
}

const STALE = "Someone else changed this request first. The current state is shown; check it and try again.";

/** PATCH /api/return-requests/{id}/status {status, remarks}: answers the updated request. */
export async function updateReturnStatus(ctx: AppContext, viewer: Viewer, id: number, body: ReturnStatusBody): Promise<ReturnRequestView> {
  const { row } = await loadRequest(ctx, id);
  if (body.version !== undefined && body.version !== row.version) await conflict(ctx, id, STALE);
  const check = checkReturnTransition(row.status, body.status, isAdmin(viewer));
  if (!check.ok) await conflict(ctx, id, check.reason);
  const at = ctx.now().toISOString();
  const changes: AuditChange[] = [];
  if (row.status !== body.status) changes.push({ field: "status", before: row.status, after: body.status });
  if (row.remarks !== body.remarks) changes.push({ field: "remarks", before: row.remarks, after: body.remarks });
  if (!changes.length) return getReturnRequest(ctx, id);
  const updated = await ctx.db.transaction(async (tx) => {
    const result = await tx
      .update(returnRequests)
      .set({ status: body.status, remarks: body.remarks, updatedAt: at, version: sql`${returnRequests.version} + 1` })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.version, row.version)));
    if (result.rowsAffected !== 1) return false;
    await recordAudit(tx, viewer, at, { entityType: RETURN_ENTITY, entityId: row.returnID, action: "status", changes });
    return true;
  });
  if (!updated) await conflict(ctx, id, STALE);
  return getReturnRequest(ctx, id);
}

/** PATCH /api/return-requests/{id}/items/{index}/status {status, decisionDate, remarks}: answers the updated request. */
export async function updateItemStatus(ctx: AppContext, viewer: Viewer, id: number, index: number, body: ItemStatusBody): Promise<ReturnRequestView> {
  const { row, items } = await loadRequest(ctx, id);
  const item = items.find((i) => i.position === index);
  if (!item) throw new NotFoundError(`Item ${index} not found on this request`);
  // Without a version from the caller, the one read here still guards the write against a concurrent one.
  const expected = body.version ?? item.version;
  if (expected !== item.version) await conflict(ctx, id, STALE);
  const check = checkItemDecision(row.status);
  if (!check.ok) await conflict(ctx, id, check.reason);
  const at = ctx.now().toISOString();
  const decisionDate = body.decisionDate ? new Date(body.decisionDate).toISOString() : at;
  const changes: AuditChange[] = [{ field: `items.${index}.status`, before: item.status, after: body.status }];
  if (item.remarks !== body.remarks) changes.push({ field: `items.${index}.remarks`, before: item.remarks, after: body.remarks });
  const updated = await ctx.db.transaction(async (tx) => {
    const result = await tx
      .update(returnItems)
      .set({ status: body.status, decisionDate, remarks: body.remarks, version: sql`${returnItems.version} + 1` })
      .where(and(eq(returnItems.id, item.id), eq(returnItems.version, expected)));
    if (result.rowsAffected !== 1) return false;
    await tx.update(returnRequests).set({ updatedAt: at }).where(eq(returnRequests.id, id));
    await recordAudit(tx, viewer, at, { entityType: RETURN_ENTITY, entityId: row.returnID, action: "item-decision", changes });
    return true;
  });
  if (!updated) await conflict(ctx, id, STALE);
  return getReturnRequest(ctx, id);
}

/**
 * POST /api/return-requests/{id}/receiving {items: [{index, received, damaged}], notes}: records what arrived.
 * Only received minus damaged is marked for restock; any received count other than requested flags the
 * request for review. One transaction, one history entry naming who received it.
 */
export async function receiveReturn(ctx: AppContext, viewer: Viewer, id: number, body: ReceivingBody): Promise<ReturnRequestView> {
  const { row, items } = await loadRequest(ctx, id);
  if (body.version !== undefined && body.version !== row.version) await conflict(ctx, id, STALE);
  const allowed = checkReceiving(row.status);
  if (!allowed.ok) await conflict(ctx, id, allowed.reason);
  const result = receiveLines(
    items.map((i) => ({ position: i.position, count: i.count })),
    body.items,
  );
  if (!result.ok) throw new ValidationError(result.reason);
  const at = ctx.now().toISOString();
  const who = actorName(viewer);
  const changes: AuditChange[] = [];
  for (const line of result.lines) {
    const item = items.find((i) => i.position === line.index)!;
    changes.push({
      field: `items.${line.index}.received`,
      before: item.receivedQty === null ? null : { received: item.receivedQty, damaged: item.damagedQty, restock: item.restockQty },
      after: { received: line.received, damaged: line.damaged, restock: line.restock, requested: item.count, mismatch: line.mismatch },
    });
  }
  if (body.notes) changes.push({ field: "receivingNotes", before: null, after: body.notes });
  const needsReview = result.mismatch || row.needsReview;
  if (needsReview !== row.needsReview) changes.push({ field: "needsReview", before: row.needsReview, after: needsReview });
  const updated = await ctx.db.transaction(async (tx) => {
    const res = await tx
      .update(returnRequests)
      .set({ receivedAt: at, needsReview, updatedAt: at, version: sql`${returnRequests.version} + 1` })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.version, row.version)));
    if (res.rowsAffected !== 1) return false;
    for (const line of result.lines) {
      await tx
        .update(returnItems)
        .set({ receivedQty: line.received, damagedQty: line.damaged, restockQty: line.restock, receivedAt: at, receivedBy: who, version: sql`${returnItems.version} + 1` })
        .where(and(eq(returnItems.returnId, id), eq(returnItems.position, line.index)));
    }
    await recordAudit(tx, viewer, at, { entityType: RETURN_ENTITY, entityId: row.returnID, action: "received", changes });
    return true;
  });
  if (!updated) await conflict(ctx, id, STALE);
  return getReturnRequest(ctx, id);
}

/** Clears the review flag once someone has looked at the mismatch (kept in the history). */
export async function clearReviewFlag(ctx: AppContext, viewer: Viewer, id: number, version?: number): Promise<ReturnRequestView> {
  const { row } = await loadRequest(ctx, id);
  if (version !== undefined && version !== row.version) await conflict(ctx, id, STALE);
  if (!row.needsReview) return getReturnRequest(ctx, id);
  const at = ctx.now().toISOString();
  const updated = await ctx.db.transaction(async (tx) => {
    const res = await tx
      .update(returnRequests)
      .set({ needsReview: false, updatedAt: at, version: sql`${returnRequests.version} + 1` })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.version, row.version)));
    if (res.rowsAffected !== 1) return false;
    await recordAudit(tx, viewer, at, { entityType: RETURN_ENTITY, entityId: row.returnID, action: "review-flag-cleared", changes: [{ field: "needsReview", before: true, after: false }] });
    return true;
  });
  if (!updated) await conflict(ctx, id, STALE);
  return getReturnRequest(ctx, id);
}

// ---------------------------------------------------------------- reasons

export type ReturnReason = { id: number; label: string; active: boolean; position: number; version: number };

export async function listReturnReasons(ctx: AppContext, opts: { includeInactive?: boolean } = {}): Promise<ReturnReason[]> {
  return ctx.db
    .select({ id: returnReasons.id, label: returnReasons.label, active: returnReasons.active, position: returnReasons.position, version: returnReasons.version })
    .from(returnReasons)
    .where(opts.includeInactive ? undefined : eq(returnReasons.active, true))
    .orderBy(asc(returnReasons.position), asc(returnReasons.id));
}

/** The return reasons are the admin's to change (POST /api/return-reasons checks it before reading the body). */
export function requireAdmin(viewer: Viewer) {
  if (!isAdmin(viewer)) throw new ForbiddenError("Only an admin may change the return reasons.");
}

export async function createReturnReason(ctx: AppContext, viewer: Viewer, label: string): Promise<ReturnReason> {
  requireAdmin(viewer);
  if (label.toLowerCase() === OTHER_REASON.toLowerCase()) throw new ValidationError(`'${OTHER_REASON}' is always offered`, { label: [`'${OTHER_REASON}' is always offered`] });
  const existing = await listReturnReasons(ctx, { includeInactive: true });
  if (existing.some((r) => r.label.toLowerCase() === label.toLowerCase())) throw new ConflictError(`The reason '${label}' already exists`, existing);
  const at = ctx.now().toISOString();
  const position = existing.reduce((max, r) => Math.max(max, r.position + 1), 0);
  const [row] = await ctx.db.insert(returnReasons).values({ label, position, createdAt: at, updatedAt: at }).returning();
  await recordAudit(ctx.db, viewer, at, { entityType: "return_reason", entityId: String(row!.id), action: "create", changes: [{ field: "label", before: null, after: label }] });
  return { id: row!.id, label: row!.label, active: row!.active, position: row!.position, version: row!.version };
}

export async function updateReturnReason(ctx: AppContext, viewer: Viewer, id: number, patch: { label?: string; active?: boolean; position?: number; version: number }): Promise<ReturnReason> {
  requireAdmin(viewer);
  const all = await listReturnReasons(ctx, { includeInactive: true });
  const current = all.find((r) => r.id === id);
  if (!current) throw new NotFoundError("Reason not found");
  if (patch.label !== undefined) {
    if (patch.label.toLowerCase() === OTHER_REASON.toLowerCase()) throw new ValidationError(`'${OTHER_REASON}' is always offered`);
    if (all.some((r) => r.id !== id && r.label.toLowerCase() === patch.label!.toLowerCase())) throw new ConflictError(`The reason '${patch.label}' already exists`, all);
  }
  const at = ctx.now().toISOString();
  const set = { ...(patch.label !== undefined ? { label: patch.label } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}), ...(patch.position !== undefined ? { position: patch.position } : {}) };
  const changes = Object.entries(set).map(([field, after]) => ({ field, before: current[field as keyof ReturnReason], after }));
  const res = await ctx.db
    .update(returnReasons)
    .set({ ...set, updatedAt: at, version: sql`${returnReasons.version} + 1` })
    .where(and(eq(returnReasons.id, id), eq(returnReasons.version, patch.version)));
  if (res.rowsAffected !== 1) throw new ConflictError("Someone else changed this reason first", current);
  if (changes.length) await recordAudit(ctx.db, viewer, at, { entityType: "return_reason", entityId: String(id), action: "update", changes });
  return (await listReturnReasons(ctx, { includeInactive: true })).find((r) => r.id === id)!;
}

// ---------------------------------------------------------------- the customer's form

export type ReturnPhotos = { request: File[]; items: Map<number, File[]> };

/**
 * A return request from the customer's form (or staff entering one): reasons from the managed list or
 * 'Other' with a custom reason, every photo checked by its bytes and size before anything is written, then
 * the request and its items in one transaction and the photos stored. Answers the reference.
 */
export async function submitReturnRequest(
  ctx: AppContext,
  input: ReturnSubmission,
  photos: ReturnPhotos,
  opts: { source: "public" | "staff"; actor: Actor | null },
): Promise<{ id: number; returnID: string }> {
  const reasons = new Set((await listReturnReasons(ctx)).map((r) => r.label));
  input.items.forEach((item, i) => {
    if (item.reason !== OTHER_REASON && !reasons.has(item.reason)) {
      throw new ValidationError(`Item ${i + 1}: choose a reason from the list`, { [`items.${i}.reason`]: ["Choose a reason from the list"] });
    }
  });
  for (const index of photos.items.keys()) {
    if (index < 0 || index >= input.items.length) throw new ValidationError(`Photos were sent for item ${index + 1}, which is not on the form`);
  }
  await checkUploads([...photos.request, ...[...photos.items.values()].flat()], IMAGES);

  const at = ctx.now().toISOString();
  let created: { id: number; returnID: string } | null = null;
  for (let attempt = 0; attempt < 4 && !created; attempt++) {
    const returnID = returnReference(ctx.now(), referenceCode(5));
    try {
      created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(returnRequests)
          .values({
            returnID,
            companyName: input.companyName,
            orderNum: input.orderNum,
            status: "pending",
            email: input.email,
            phone: input.phone,
            location: "",
            submittedAt: at,
            remarks: "",
            address: [{ street: input.address.street, ...(input.address.street2 ? { street2: input.address.street2 } : {}), city: input.address.city, state: input.address.state, zip: input.address.zip }],
            productImages: photos.request.map((f, i) => photoName(f, `photo-${i + 1}`)),
            defectImages: [],
            itemCount: input.items.length,
            source: opts.source,
            updatedAt: at,
          })
          .returning({ id: returnRequests.id });
        await tx.insert(returnItems).values(
          input.items.map((item, position) => ({
            returnId: row!.id,
            position,
            sku: item.sku,
            description: item.description,
            count: item.count,
            reason: item.reason,
            customReason: item.reason === OTHER_REASON ? item.customReason : "",
            comments: item.comments,
            uploadedImages: (photos.items.get(position) ?? []).map((f, i) => photoName(f, `item-${position + 1}-${i + 1}`)),
          })),
        );
        if (opts.actor) {
          await recordAudit(tx, opts.actor, at, { entityType: RETURN_ENTITY, entityId: returnID, action: "create", changes: [{ field: "source", before: null, after: opts.source }] });
        }
        return { id: row!.id, returnID };
      });
    } catch (error) {
      // A clash of the random reference (unique): draw another.
      if (!String((error as Error)?.message ?? "").includes("UNIQUE") || attempt === 3) throw error;
    }
  }
  const { id } = created!;
  const createdBy = opts.actor?.email ?? "customer";
  for (const file of photos.request) {
    await storeUpload(ctx, file, { rule: IMAGES, ownerType: REQUEST_FILE_OWNER, ownerId: String(id), kind: "return-photo", createdBy });
  }
  for (const [index, files] of photos.items) {
    for (const file of files) await storeUpload(ctx, file, { rule: IMAGES, ownerType: ITEM_FILE_OWNER, ownerId: `${id}:${index}`, kind: "return-photo", createdBy });
  }
  return created!;
}

function photoName(file: File, fallback: string): string {
  return cleanFilename(file.name, fallback);
}

/** The customer's form as multipart: a JSON `payload` part (the fields) and photos as `photos` and `items.{i}.photos`. */
export async function parseReturnForm(request: Request): Promise<{ input: ReturnSubmission; photos: ReturnPhotos }> {
  const form = await parseFormData(request, RETURN_FORM_MAX_BYTES);
  const input = parsePayload(form, returnSubmissionSchema);
  const photos: ReturnPhotos = { request: [], items: new Map() };
  let count = 0;
  for (const [name, value] of form) {
    if (name === "payload") continue;
    const m = /^items\.(\d{1,2})\.photos$/.exec(name);
    if (name !== "photos" && !m) throw new ValidationError(`Unexpected form part '${name.slice(0, 40)}'`);
    if (typeof value === "string") throw new ValidationError(`'${name}' must be a file`);
    if (++count > MAX_RETURN_PHOTOS * 3) throw new ValidationError(`At most ${MAX_RETURN_PHOTOS * 3} photos`);
    if (m) {
      const index = Number(m[1]);
      const list = photos.items.get(index) ?? [];
      if (list.length >= MAX_RETURN_PHOTOS) throw new ValidationError(`At most ${MAX_RETURN_PHOTOS} photos per item`);
      list.push(value);
      photos.items.set(index, list);
    } else {
      if (photos.request.length >= MAX_RETURN_PHOTOS) throw new ValidationError(`At most ${MAX_RETURN_PHOTOS} general photos`);
      photos.request.push(value);
    }
  }
  return { input, photos };
}
