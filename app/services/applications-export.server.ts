// Customer Applications as CSV (GET /api/applications/export): the list's own search, status filter and sort
// from applications.server.ts, streamed by csv-export.server.ts.
import { customerApplications } from "../../db/schema";
import { displayStatus } from "~/domain/applications/rules";
import type { ApplicationListQuery } from "~/domain/applications/schemas";
import type { AppContext } from "~/lib/context.server";
import { csvAddresses } from "~/lib/csv";
import { csvExportResponse, tableChunks, type CsvColumn, type KeyValues } from "./csv-export.server";
import { applicationListWhere, applicationSortKeys } from "./applications.server";

const fields = {
  id: customerApplications.id,
  reference: customerApplications.reference,
  companyID: customerApplications.companyID,
  companyName: customerApplications.companyName,
  ownerName: customerApplications.ownerName,
  ownerNumber: customerApplications.ownerNumber,
  email: customerApplications.email,
  phoneNumber: customerApplications.phoneNumber,
  status: customerApplications.status,
  decisionDate: customerApplications.decisionDate,
  addresses: customerApplications.addresses,
  remarks: customerApplications.remarks,
  source: customerApplications.source,
  createdAt: customerApplications.createdAt,
};
type Row = Pick<typeof customerApplications.$inferSelect, keyof typeof fields> & KeyValues;

const columns: CsvColumn<Row>[] = [
  { header: "Application ID", value: (r) => r.id },
  { header: "Reference", value: (r) => r.reference },
  { header: "Company ID", value: (r) => r.companyID },
  { header: "Company", value: (r) => r.companyName },
  { header: "Owner", value: (r) => r.ownerName },
  { header: "Owner Phone", value: (r) => r.ownerNumber },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phoneNumber },
  // Spec 000 §4: 'Completed' reads as Pending, as on the screen.
  { header: "Status", value: (r) => displayStatus(r.status) },
  { header: "Decision Date", value: (r) => r.decisionDate },
  { header: "Addresses", value: (r) => csvAddresses(r.addresses) },
  { header: "Remarks", value: (r) => r.remarks },
  { header: "Source", value: (r) => r.source },
  { header: "Created At", value: (r) => r.createdAt },
];

/** Every application of the list as searched, filtered and sorted, as a streamed CSV (page and limit are ignored). */
export function exportApplications(ctx: AppContext, query: ApplicationListQuery, opts: { chunkRows?: number } = {}): Promise<Response> {
  const keys = applicationSortKeys(query);
  const read = tableChunks<Row>(ctx.db, customerApplications, fields, applicationListWhere(query), keys);
  return csvExportResponse<Row>({ name: "applications", now: ctx.now(), columns, keys, read, chunkRows: opts.chunkRows });
}
