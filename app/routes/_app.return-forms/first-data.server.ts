// The Return Forms page's first data: the first page and KPIs from the services /api/return-requests uses,
// with the same query the screen would send first (decision 008), and what this viewer may do.
import { hasGrant } from "~/domain/access/roles";
import { returnListQuerySchema } from "~/domain/returns/schemas";
import type { AppContext } from "~/lib/context.server";
import { apiAnswer } from "~/lib/route.server";
import type { Viewer } from "~/lib/session.server";
import { listReturnRequests, returnKpis } from "~/services/returns.server";

export async function returnFormsFirstData(ctx: AppContext, viewer: Viewer, limit: number) {
  const query = returnListQuerySchema.parse({ page: "1", limit: String(limit), searchBy: "companyName", sort: "submittedAt" });
  const [list, kpis] = await Promise.all([apiAnswer(() => listReturnRequests(ctx, query)), returnKpis(ctx)]);
  const admin = viewer.isAdmin || hasGrant(viewer.grants, "admin:manage");
  const first = "success" in list ? { rows: [], total: 0, error: list.error } : { rows: list.rows, total: list.total };
  return {
    first,
    kpis,
    // What the screen may offer, from grants (the services check the same): decide and receive, reopen a
    // decided request, and manage the reasons list.
    can: { update: hasGrant(viewer.grants, "returns:update"), reopen: admin, manageReasons: admin },
  };
}
