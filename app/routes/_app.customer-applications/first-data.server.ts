// The Customer Applications page's first data: the first page and KPIs from the services /api/applications
// uses, with the screen's first query (decision 008), and whether this viewer decides and edits. An admin's visit
// also creates, after the answer, the QuickBooks customers owed by approvals made while QuickBooks could not.
import { hasGrant } from "~/domain/access/roles";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import type { AppContext } from "~/lib/context.server";
import { apiAnswer } from "~/lib/route.server";
import type { Viewer } from "~/lib/session.server";
import { applicationKpis, createOwedCustomers, listApplications } from "~/services/applications.server";

export async function applicationsFirstData(ctx: AppContext, viewer: Viewer, limit: number) {
  const query = applicationListQuerySchema.parse({ page: "1", limit: String(limit), searchBy: "companyName", sort: "decisionDate" });
  const [list, kpis] = await Promise.all([apiAnswer(() => listApplications(ctx, query)), applicationKpis(ctx)]);
  const first = "success" in list ? { rows: [], total: 0, error: list.error } : { rows: list.rows, total: list.total };
  const canDecide = hasGrant(viewer.grants, "applications:decide");
  if (canDecide) ctx.waitUntil(createOwedCustomers(ctx, viewer).catch((error: unknown) => console.warn("creating owed QuickBooks customers failed", error)));
  return { first, kpis, canDecide, canEdit: hasGrant(viewer.grants, "applications:edit") };
}
