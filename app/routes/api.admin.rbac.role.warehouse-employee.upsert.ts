// POST /api/admin/rbac/role/warehouse-employee/upsert: re-pushes the canonical warehouse-employee role.
import { policies } from "~/domain/access/policy";
import { parseIgnoredBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { upsertWarehouseEmployeeRole } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  // The spec's client sends no body (user headers only); a body of another type is refused (415) before the write.
  POST: async ({ request, ctx, viewer }) => {
    await parseIgnoredBody(request);
    return upsertWarehouseEmployeeRole(ctx, viewer);
  },
});

export const loader = route.loader;
export const action = route.action;
