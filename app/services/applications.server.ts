// Customer applications (spec 000 §2, §7): the list with search, filter, sort and paging in SQL, KPIs,
// documents (upload checked by bytes, short-lived links), the admin's edit and decision (approval creates
// the customer in QuickBooks and stores its id as companyID; while QuickBooks cannot, the customer is owed and
// created when it can), /submit-feedback, and the applicant's form.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { auditEvents, customerApplications, notifications, type AuditChange } from "../../db/schema";
import {
  applicationReference,
  checkDecision,
  qboCustomerFromApplication,
  statusesMatching,
  storedStatusesFor,
  type ApplicationAddress,
  type Feedback,
} from "~/domain/applications/rules";
import type { ApplicationEdit, ApplicationListQuery, ApplicationSubmission } from "~/domain/applications/schemas";
import { applicationSubmissionSchema, MAX_APPLICATION_FILES } from "~/domain/applications/schemas";
import { parseFormData } from "~/lib/http.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import { dayBounds, likePattern, trigramPhrase } from "~/domain/returns/rules";
import type { AppContext } from "~/lib/context.server";
import { IMAGE_OR_PDF, IMAGES, listFilesFor, signFileUrl, storeUpload } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, recordAudit, type Actor } from "~/lib/writes.server";
import { quickBooksUsable, tryCreateCustomer } from "./quickbooks.server";
import { pageRows, searchPage, viewOf, type JsonPage, type ListSearch } from "./search-page.server";
import { checkUploads, parsePayload, referenceCode } from "./uploads.server";

type ApplicationRow = typeof customerApplications.$inferSelect;

export const APPLICATION_ENTITY = "customer_application";
const FILE_OWNER = "customer_application";

export type ApplicationView = {
  _id: number;
  companyID: string | null;
  companyName: string;
  email: string;
  phoneNumber: string;
  ownerName: string;
  ownerNumber: string;
  status: string;
  remarks: string;
  decisionDate: string | null;
  addresses: ApplicationAddress[];
  reference: string | null;
  source: string;
  createdAt: string;
  version: number;
  /** Approved while QuickBooks could not create the customer: since when it is owed, and QuickBooks' last answer. */
  quickbooksPending: { since: string; reason: string | null } | null;
};

export type FileRecord = { name: string; presignedUrl: string | null; downloadUrl?: string | null; contentType?: string; error?: string };

/**
 * One application as the API shows it (ApplicationView), built by SQLite: the one definition of that view, for
 * the list (a page is these rows joined) and every call answering one application.
 */
const applicationJson = sql`json_object(
  '_id', ${customerApplications.id}, 'companyID', ${customerApplications.companyID}, 'companyName', ${customerApplications.companyName},
  'email', ${customerApplications.email}, 'phoneNumber', ${customerApplications.phoneNumber}, 'ownerName', ${customerApplications.ownerName},
  'ownerNumber', ${customerApplications.ownerNumber}, 'status', ${customerApplications.status}, 'remarks', ${customerApplications.remarks},
  'decisionDate', ${customerApplications.decisionDate}, 'addresses', json(${customerApplications.addresses}),
  'reference', ${customerApplications.reference}, 'source', ${customerApplications.source}, 'createdAt', ${customerApplications.createdAt},
  'version', ${customerApplications.version},
  'quickbooksPending', json(CASE WHEN ${customerApplications.qboPendingSince} IS NULL THEN NULL
    ELSE json_object('since', ${customerApplications.qboPendingSince}, 'reason', ${customerApplications.qboPendingReason}) END))`;

// ---------------------------------------------------------------- list and KPIs

// The path is written into the SQL (not bound) so the ORDER BY matches the applications_location_idx expression.
const firstAddress = (field: "street" | "city" | "state" | "postalCode") => sql`json_extract(${customerApplications.addresses}, ${sql.raw(`'$[0].${field}'`)})`;

/** The columns of _applications_search (db/migrations/0008_returns_search.sql) for each substring search field. */
const APPLICATION_SEARCH_INDEX = {
  companyName: { column: sql`${customerApplications.companyName}`, indexed: "company_name" },
  ownerName: { column: sql`${customerApplications.ownerName}`, indexed: "owner_name" },
  email: { column: sql`${customerApplications.email}`, indexed: "email" },
  phoneNumber: { column: sql`${customerApplications.phoneNumber}`, indexed: "phone_number" },
  ownerNumber: { column: sql`${customerApplications.ownerNumber}`, indexed: "owner_number" },
  city: { column: firstAddress("city"), indexed: "city" },
  state: { column: firstAddress("state"), indexed: "state" },
  postalCode: { column: firstAddress("postalCode"), indexed: "postal_code" },
} as const;

/** The fields read from the addresses JSON (the first address). */
const FIRST_ADDRESS_FIELDS = new Set<ApplicationListQuery["searchBy"]>(["city", "state", "postalCode"]);

function applicationSearch(query: ApplicationListQuery): ListSearch {
  const text = query.search;
  if (!text) return {};
  switch (query.searchBy) {
    case "decisionDate": {
      const { start, end } = dayBounds(text);
      return { where: and(gte(customerApplications.decisionDate, start), lt(customerApplications.decisionDate, end)) };
    }
    case "status": {
      const statuses = statusesMatching(text);
      return { where: statuses.length ? inArray(customerApplications.status, statuses) : sql`0` };
    }
    default: {
      const { column, indexed } = APPLICATION_SEARCH_INDEX[query.searchBy];
      const phrase = trigramPhrase(text, true);
      const where = sql`${column} LIKE ${likePattern(text)} ESCAPE '\\'`;
      if (phrase) return { where, index: { indexed, phrase } };
      // A shorter text ('NJ') scans rows either way: the search table's copy of the first address reads far
      // faster than parsing every row's addresses JSON.
      return { where, index: FIRST_ADDRESS_FIELDS.has(query.searchBy) ? { indexed, like: likePattern(text) } : undefined };
    }
  }
}

function filterCondition(status: ApplicationListQuery["status"]): SQL | undefined {
  if (!status || status === "all") return undefined;
  return inArray(customerApplications.status, storedStatusesFor(status));
}

/**
 * The list's order as keys, each with its direction and whether it may be NULL (the CSV export reads the list by
 * keyset over the same keys).
 */
export function applicationSortKeys(query: Pick<ApplicationListQuery, "sort" | "dir">): { expr: SQL; dir: "asc" | "desc"; nullable?: boolean }[] {
  // Spec 000 §5: decision date descending by default; a header click starts ascending.
  const dir = query.dir ?? (query.sort === "decisionDate" ? "desc" : "asc");
  const newestFirst = { expr: sql`${customerApplications.id}`, dir: "desc" as const };
  switch (query.sort) {
    case "location":
      return [
        { expr: sql`${firstAddress("street")} COLLATE NOCASE`, dir, nullable: true },
        { expr: sql`${firstAddress("city")} COLLATE NOCASE`, dir, nullable: true },
        newestFirst,
      ];
    case "status":
      return [{ expr: sql`CASE ${customerApplications.status} WHEN 'Completed' THEN 'Pending' ELSE ${customerApplications.status} END`, dir }, newestFirst];
    case "decisionDate":
      return [{ expr: sql`${customerApplications.decisionDate}`, dir, nullable: true }, { expr: sql`${customerApplications.id}`, dir }];
    default: {
      const column = { companyName: customerApplications.companyName, ownerName: customerApplications.ownerName, phoneNumber: customerApplications.phoneNumber }[query.sort];
      return [{ expr: sql`${column} COLLATE NOCASE`, dir }, newestFirst];
    }
  }
}

function orderBy(query: ApplicationListQuery): SQL[] {
  return applicationSortKeys(query).map(({ expr, dir }) => (dir === "asc" ? asc(expr) : desc(expr)));
}

/** The rows the list holds for a query (its search as a row test, and its status filter): the CSV export's condition. */
export function applicationListWhere(query: ApplicationListQuery): SQL | undefined {
  return and(applicationSearch(query).where, filterCondition(query.status));
}

export type ApplicationList = { rows: ApplicationView[]; total: number; page: number; limit: number };

/**
 * GET /api/applications: one page, filtered and sorted in SQL, as the JSON text of its rows (search-page.server.ts
 * pages a substring search from the trigram index or the sort order).
 */
export function applicationsPage(ctx: AppContext, query: ApplicationListQuery): Promise<JsonPage> {
  return searchPage(ctx, {
    table: customerApplications,
    id: customerApplications.id,
    searchTable: "_applications_search",
    search: applicationSearch(query),
    filter: filterCondition(query.status),
    orderBy: orderBy(query),
    view: applicationJson,
    page: query.page,
    limit: query.limit,
  });
}

/** The same page as objects (the Customer Applications page's first data). */
export async function listApplications(ctx: AppContext, query: ApplicationListQuery): Promise<ApplicationList> {
  return pageRows<ApplicationView>(await applicationsPage(ctx, query));
}

export type ApplicationKpis = { applications: number; pending: number; approved: number; declined: number };

export async function applicationKpis(ctx: AppContext): Promise<ApplicationKpis> {
  const rows = await ctx.db.select({ status: customerApplications.status, n: sql<number>`count(*)` }).from(customerApplications).groupBy(customerApplications.status);
  const count = (...s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return { applications: count("Pending", "Approved", "Declined", "Completed"), pending: count("Pending", "Completed"), approved: count("Approved"), declined: count("Declined") };
}

// ---------------------------------------------------------------- one application

async function loadApplication(ctx: AppContext, id: number): Promise<ApplicationRow> {
  const [row] = await ctx.db.select().from(customerApplications).where(eq(customerApplications.id, id)).limit(1);
  if (!row) throw new NotFoundError("Application not found");
  return row;
}

export async function getApplication(ctx: AppContext, id: number): Promise<ApplicationView> {
  const application = await viewOf<ApplicationView>(ctx, customerApplications, applicationJson, eq(customerApplications.id, id));
  if (!application) throw new NotFoundError("Application not found");
  return application;
}

/** GET /api/applications/{id}/files: the documents as short-lived links (inline and download). */
export async function applicationFiles(ctx: AppContext, id: number): Promise<FileRecord[]> {
  await loadApplication(ctx, id);
  const files = await listFilesFor(ctx, FILE_OWNER, String(id));
  return Promise.all(
    files.map(async (f) => ({
      name: f.filename,
      contentType: f.contentType,
      presignedUrl: await signFileUrl(ctx, f.key, { filename: f.filename }),
      downloadUrl: await signFileUrl(ctx, f.key, { filename: f.filename, download: true }),
    })),
  );
}

/** POST /api/applications/{id}/files: images (spec 000 §5), every one checked before any is stored. */
export async function uploadApplicationFiles(ctx: AppContext, viewer: Viewer, id: number, files: File[]): Promise<FileRecord[]> {
  const row = await loadApplication(ctx, id);
  if (!files.length) throw new ValidationError("Choose at least one image");
  const existing = await listFilesFor(ctx, FILE_OWNER, String(id));
  if (existing.length + files.length > 50) throw new ValidationError("An application keeps at most 50 documents");
  await checkUploads(files, IMAGES, MAX_APPLICATION_FILES);
  const at = ctx.now().toISOString();
  for (const file of files) await storeUpload(ctx, file, { rule: IMAGES, ownerType: FILE_OWNER, ownerId: String(id), kind: "application-document", createdBy: viewer.email });
  await recordAudit(ctx.db, viewer, at, { entityType: APPLICATION_ENTITY, entityId: String(row.id), action: "documents", changes: [{ field: "documents", before: existing.length, after: existing.length + files.length }] });
  return applicationFiles(ctx, id);
}

const STALE = "Someone else changed this application first. The current state is shown; check it and try again.";

async function conflict(ctx: AppContext, id: number, message: string): Promise<never> {
  throw new ConflictError(message, await getApplication(ctx, id));
}

function normalizeDecisionDate(value: ApplicationEdit["decisionDate"]): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value).toISOString();
}

const EDIT_FIELDS = ["companyName", "email", "phoneNumber", "ownerName", "ownerNumber", "status", "remarks", "decisionDate", "addresses"] as const;

/** PATCH /api/applications/{id}: the admin's edit; any status may be set (DESIGN §8). */
export async function editApplication(ctx: AppContext, viewer: Viewer, id: number, body: ApplicationEdit): Promise<ApplicationView> {
  const row = await loadApplication(ctx, id);
  if (body.version !== undefined && body.version !== row.version) await conflict(ctx, id, STALE);
  const decisionDate = normalizeDecisionDate(body.decisionDate);
  const next = {
    companyName: body.companyName,
    email: body.email,
    phoneNumber: body.phoneNumber,
    ownerName: body.ownerName,
    ownerNumber: body.ownerNumber,
    status: body.status,
    remarks: body.remarks,
    ...(decisionDate !== undefined ? { decisionDate } : {}),
    addresses: body.addresses.map((a) => ({ street: a.street, ...(a.street2 ? { street2: a.street2 } : {}), city: a.city, state: a.state, postalCode: a.postalCode })),
  };
  const changes = diffFields(row as unknown as Record<string, unknown>, next, EDIT_FIELDS);
  if (!changes.length) return getApplication(ctx, id);
  const at = ctx.now().toISOString();
  // An edit away from Approved withdraws the approval: a customer still owed to QuickBooks is no longer created.
  const withdrawn = next.status !== "Approved" ? { qboPendingSince: null, qboPendingReason: null, qboAttemptAt: null } : {};
  const ok = await ctx.db.transaction(async (tx) => {
    const res = await tx
      .update(customerApplications)
      .set({ ...next, ...withdrawn, updatedAt: at, version: sql`${customerApplications.version} + 1` })
      .where(and(eq(customerApplications.id, id), eq(customerApplications.version, row.version)));
    if (res.rowsAffected !== 1) return false;
    await recordAudit(tx, viewer, at, { entityType: APPLICATION_ENTITY, entityId: String(id), action: "edit", changes });
    return true;
  });
  if (!ok) await conflict(ctx, id, STALE);
  return getApplication(ctx, id);
}

/**
 * PATCH /api/applications/{id}/decision {status, decisionDate}: Approved first creates the customer in
 * QuickBooks and stores its id at once (a retry after a later failure reuses it, never creating a second
 * customer). When QuickBooks cannot (not connected, down, or it refuses the customer), the approval is still
 * recorded and the customer is owed: the application shows it pending with QuickBooks' answer, admins get a
 * note in the Task Center, and createOwedCustomers makes it when QuickBooks can. Then the status, version-checked.
 */
export async function decideApplication(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: { status: "Approved" | "Declined"; decisionDate?: string; version?: number },
): Promise<{ data: ApplicationView; companyID: string | null }> {
  const row = await loadApplication(ctx, id);
  if (body.version !== undefined && body.version !== row.version) await conflict(ctx, id, STALE);
  const check = checkDecision(row.status);
  if (!check.ok) await conflict(ctx, id, check.reason);
  let companyID = row.companyID;
  let owed: { reason: string } | null = null;
  if (body.status === "Approved" && !companyID) {
    const attempt = await tryCreateCustomer(ctx, qboCustomerFromApplication({ ...row, addresses: row.addresses as ApplicationAddress[] }));
    if (attempt.ok) await storeCustomer(ctx, viewer, row, attempt.customer.id);
    else owed = { reason: attempt.reason };
    companyID = attempt.ok ? attempt.customer.id : null;
  }
  const at = ctx.now().toISOString();
  const decisionDate = body.decisionDate ? new Date(body.decisionDate).toISOString() : at;
  const ok = await ctx.db.transaction(async (tx) => {
    const res = await tx
      .update(customerApplications)
      .set({
        status: body.status,
        decisionDate,
        updatedAt: at,
        version: sql`${customerApplications.version} + 1`,
        ...(owed ? { qboPendingSince: at, qboPendingReason: owed.reason, qboAttemptAt: null } : {}),
      })
      .where(and(eq(customerApplications.id, id), eq(customerApplications.version, row.version)));
    if (res.rowsAffected !== 1) return false;
    const changes: AuditChange[] = [
      { field: "status", before: row.status, after: body.status },
      { field: "decisionDate", before: row.decisionDate, after: decisionDate },
    ];
    await recordAudit(tx, viewer, at, { entityType: APPLICATION_ENTITY, entityId: String(id), action: "decision", changes });
    if (owed) {
      await recordAudit(tx, viewer, at, { entityType: APPLICATION_ENTITY, entityId: String(id), action: "quickbooks-customer-pending", changes: [{ field: "quickbooksCustomer", before: null, after: `pending: ${owed.reason}` }] });
      await tx.insert(notifications).values(owedCustomerNote(row.companyName, owed.reason, at));
    }
    return true;
  });
  if (!ok) await conflict(ctx, id, STALE);
  const data = await getApplication(ctx, id);
  return { data, companyID: data.companyID };
}

/** Stores the QuickBooks customer's id on the application (only if none is stored yet) and audits it. */
async function storeCustomer(ctx: AppContext, actor: Actor, row: Pick<ApplicationRow, "id">, companyID: string) {
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(customerApplications)
      .set({ companyID, qboPendingSince: null, qboPendingReason: null, qboAttemptAt: null, updatedAt: at })
      .where(and(eq(customerApplications.id, row.id), isNull(customerApplications.companyID))),
    recordAudit(ctx.db, actor, at, { entityType: APPLICATION_ENTITY, entityId: String(row.id), action: "quickbooks-customer-created", changes: [{ field: "companyID", before: null, after: companyID }] }),
  ]);
}

export const OWED_CUSTOMER_TITLE = "QuickBooks customer pending";
export const OWED_CUSTOMER_CREATED_TITLE = "QuickBooks customer created";
/** Admins (who decide applications) see these in the Task Center's alerts. */
const OWED_AUDIENCE = "applications:decide";

function owedCustomerNote(companyName: string, reason: string, at: string): typeof notifications.$inferInsert {
  return {
    audienceGrant: OWED_AUDIENCE,
    type: "warning",
    priority: "medium",
    category: "system",
    title: OWED_CUSTOMER_TITLE,
    message: `${companyName} is approved, but QuickBooks could not create the customer: ${reason} It will be created when QuickBooks can.`,
    createdBy: "system",
    createdAt: at,
  };
}

/** A new attempt at an owed customer waits this long after the last one started (a lease, and a back-off). */
export const OWED_CUSTOMER_RETRY_MS = 2 * 60_000;

export type OwedCustomersRun = { created: number; failed: number; owed: number; skipped?: "quickbooks-not-connected" };

/**
 * Creates the QuickBooks customers owed by applications approved while QuickBooks could not (oldest first, at
 * most `limit`): run when an admin connects QuickBooks and when one opens Customer Applications. Each attempt
 * first takes the application's lease (qbo_attempt_at), so two runs never create the same customer twice; a
 * failure keeps the lease as its back-off and records QuickBooks' answer, and a QuickBooks that cannot be used
 * ends the run. A created customer is stored and audited, the approval's feedback recorded (the screen could not
 * send it without a companyID), and admins told.
 */
export async function createOwedCustomers(ctx: AppContext, actor: Actor, { limit = 10 } = {}): Promise<OwedCustomersRun> {
  const owedRows = await ctx.db
    .select()
    .from(customerApplications)
    .where(isNotNull(customerApplications.qboPendingSince))
    .orderBy(asc(customerApplications.qboPendingSince), asc(customerApplications.id))
    .limit(limit);
  const run: OwedCustomersRun = { created: 0, failed: 0, owed: owedRows.length };
  if (!owedRows.length) return run;
  if (!(await quickBooksUsable(ctx))) return { ...run, skipped: "quickbooks-not-connected" };
  for (const row of owedRows) {
    const now = ctx.now();
    const start = now.toISOString();
    if (row.status !== "Approved" || row.companyID) {
      // No longer owed (the approval was withdrawn, or the customer is stored): nothing to create.
      await ctx.db.update(customerApplications).set({ qboPendingSince: null, qboPendingReason: null, qboAttemptAt: null }).where(eq(customerApplications.id, row.id));
      continue;
    }
    const leaseFree = new Date(now.getTime() - OWED_CUSTOMER_RETRY_MS).toISOString();
    const taken = await ctx.db
      .update(customerApplications)
      .set({ qboAttemptAt: start })
      .where(
        and(
          eq(customerApplications.id, row.id),
          isNotNull(customerApplications.qboPendingSince),
          isNull(customerApplications.companyID),
          or(isNull(customerApplications.qboAttemptAt), lt(customerApplications.qboAttemptAt, leaseFree)),
        ),
      );
    if (taken.rowsAffected !== 1) continue;
    const attempt = await tryCreateCustomer(ctx, qboCustomerFromApplication({ ...row, addresses: row.addresses as ApplicationAddress[] }));
    if (!attempt.ok) {
      run.failed++;
      await ctx.db.update(customerApplications).set({ qboPendingReason: attempt.reason }).where(eq(customerApplications.id, row.id));
      if (attempt.unavailable) break;
      continue;
    }
    await storeCustomer(ctx, actor, row, attempt.customer.id);
    await recordFeedback(ctx, actor, attempt.customer.id, "positive");
    await ctx.db.insert(notifications).values({
      audienceGrant: OWED_AUDIENCE,
      type: "success",
      priority: "low",
      category: "system",
      title: OWED_CUSTOMER_CREATED_TITLE,
      message: `${row.companyName}: the QuickBooks customer owed since the approval was created (customer ${attempt.customer.id}).`,
      createdBy: "system",
      createdAt: ctx.now().toISOString(),
    });
    run.created++;
  }
  return run;
}

/** GET /submit-feedback?companyID&feedback: recorded in the application's history (idempotent: a repeat records nothing new). */
export async function recordFeedback(ctx: AppContext, viewer: Actor, companyID: string, feedback: Feedback): Promise<{ applicationId: number; feedback: Feedback }> {
  const [row] = await ctx.db.select().from(customerApplications).where(eq(customerApplications.companyID, companyID)).limit(1);
  if (!row) throw new NotFoundError("No application has this companyID");
  const [last] = await ctx.db
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, APPLICATION_ENTITY), eq(auditEvents.entityId, String(row.id)), eq(auditEvents.action, "feedback")))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const previous = (last?.changes[0]?.after as Feedback | undefined) ?? null;
  if (previous !== feedback) {
    await recordAudit(ctx.db, viewer, ctx.now().toISOString(), { entityType: APPLICATION_ENTITY, entityId: String(row.id), action: "feedback", changes: [{ field: "feedback", before: previous, after: feedback }] });
  }
  return { applicationId: row.id, feedback };
}

/** The application's history, oldest first. */
export async function applicationHistory(ctx: AppContext, id: number) {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, APPLICATION_ENTITY), eq(auditEvents.entityId, String(id))))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((r) => ({ at: r.at, actor: r.actorName || r.actorEmail, action: r.action, changes: r.changes }));
}

// ---------------------------------------------------------------- the applicant's form

/** A new application from the public form or the staff's New Customer: documents checked first, then one insert. */
export async function submitApplication(
  ctx: AppContext,
  input: ApplicationSubmission,
  documents: File[],
  opts: { source: "public" | "staff"; actor: Actor | null },
): Promise<{ id: number; reference: string }> {
  await checkUploads(documents, IMAGE_OR_PDF, MAX_APPLICATION_FILES);
  const at = ctx.now().toISOString();
  let created: { id: number; reference: string } | null = null;
  for (let attempt = 0; attempt < 4 && !created; attempt++) {
    const reference = applicationReference(ctx.now(), referenceCode(5));
    try {
      const [row] = await ctx.db
        .insert(customerApplications)
        .values({
          companyName: input.companyName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          ownerName: input.ownerName,
          ownerNumber: input.ownerNumber,
          status: "Pending",
          remarks: "",
          decisionDate: null,
          addresses: input.addresses.map((a) => ({ street: a.street, ...(a.street2 ? { street2: a.street2 } : {}), city: a.city, state: a.state, postalCode: a.postalCode })),
          reference,
          source: opts.source,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: customerApplications.id });
      created = { id: row!.id, reference };
    } catch (error) {
      if (!String((error as Error)?.message ?? "").includes("UNIQUE") || attempt === 3) throw error;
    }
  }
  const { id } = created!;
  if (opts.actor) await recordAudit(ctx.db, opts.actor, at, { entityType: APPLICATION_ENTITY, entityId: String(id), action: "create", changes: [{ field: "source", before: null, after: opts.source }] });
  for (const file of documents) {
    await storeUpload(ctx, file, { rule: IMAGE_OR_PDF, ownerType: FILE_OWNER, ownerId: String(id), kind: "application-document", createdBy: opts.actor?.email ?? "applicant" });
  }
  return created!;
}

const APPLICATION_FORM_MAX_BYTES = MAX_APPLICATION_FILES * 10 * 1024 * 1024 + 256 * 1024;

/** The applicant's form as multipart: a JSON `payload` part and documents as repeated `files` parts. */
export async function parseApplicationForm(request: Request): Promise<{ input: ApplicationSubmission; documents: File[] }> {
  const form = await parseFormData(request, APPLICATION_FORM_MAX_BYTES);
  const input = parsePayload(form, applicationSubmissionSchema);
  const documents: File[] = [];
  for (const [name, value] of form) {
    if (name === "payload") continue;
    if (name !== "files") throw new ValidationError(`Unexpected form part '${name.slice(0, 40)}'`);
    if (typeof value === "string") throw new ValidationError("'files' parts must be files");
    documents.push(value);
  }
  if (documents.length > MAX_APPLICATION_FILES) throw new ValidationError(`At most ${MAX_APPLICATION_FILES} documents`);
  return { input, documents };
}
