// Customer applications, and what an approval still owes QuickBooks.
import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, jsonList, updatedAt, version, type Address } from "./columns";

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
