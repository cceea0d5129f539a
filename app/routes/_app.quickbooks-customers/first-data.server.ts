// The customers page's first data, answered by the services /api/qb/* calls (docs/decisions/008-page-data.md):
// the `?name=` search and, for admins, the connection's status. A QuickBooks fault is data for the screen
// ('Error: …' and Retry), never the error page.
import { DomainError } from "~/domain/errors";
import type { QboConnectionStatus } from "~/domain/quickbooks/connection";
import { customerSearchUrl, type AccountingCustomer } from "~/domain/quickbooks/customers";
import { customerSearchQuerySchema } from "~/domain/quickbooks/schemas";
import type { AppContext } from "~/lib/context.server";
import { parseSearchParams } from "~/lib/http.server";
import { qboConnectionStatus } from "~/lib/quickbooks.server";
import type { Viewer } from "~/lib/session.server";
import { canManageQuickBooks, searchCustomers } from "~/services/quickbooks.server";
import type { QboAnswer } from "~/domain/quickbooks/contract";

/** What the route would answer: its body, or `{success:false, error, code}` for any typed refusal or fault. */
async function answer<T>(run: () => Promise<T>): Promise<QboAnswer<T>> {
  try {
    return { success: true, data: await run() };
  } catch (error) {
    if (error instanceof DomainError) {
      const code = typeof error.extra.code === "string" ? error.extra.code : undefined;
      return { success: false, error: error.message, status: error.status, ...(code ? { code } : {}) };
    }
    throw error;
  }
}

export async function customersPageData(ctx: AppContext, viewer: Viewer, pageUrl: URL) {
  const name = (pageUrl.searchParams.get("name") ?? "").trim();
  // The screen's first request to GET /api/qb/customers, parsed by the same zod schema as that route.
  const firstRequest = new Request(new URL(customerSearchUrl(name), pageUrl));
  const canConnect = canManageQuickBooks(viewer);
  const [search, connection] = await Promise.all([
    name ? answer<AccountingCustomer[]>(() => searchCustomers(ctx, parseSearchParams(firstRequest, customerSearchQuerySchema))) : null,
    canConnect ? qboConnectionStatus(ctx) : (null as QboConnectionStatus | null),
  ]);
  return { name, search, connection, canConnect };
}
