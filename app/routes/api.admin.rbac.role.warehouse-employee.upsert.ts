// POST /api/admin/rbac/role/warehouse-employee/upsert: re-pushes the canonical warehouse-employee role.
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { upsertWarehouseEmployeeRole } from "~/services/admin.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: ({ ctx, viewer }) => upsertWarehouseEmployeeRole(ctx, viewer),
});

export const loader = route.loader;
export const action = route.action;
