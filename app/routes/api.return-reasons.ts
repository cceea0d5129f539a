// GET /api/return-reasons?all=1: the reasons offered for a returned item ('Other' is always added by the form);
// POST {label}: an admin adds one.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { ReturnReason } from "~/domain/returns/contract";
import { reasonCreateSchema } from "~/domain/returns/schemas";
import { ok, parseJsonBody, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { createReturnReason, listReturnReasons, requireAdmin as requireReasonsAdmin } from "~/services/returns.server";

export const policy = policies.grant("returns:view");

const listQuery = z.object({ all: z.enum(["0", "1", "true", "false"]).optional() });

const route = apiRoute(policy, {
  async GET({ request, ctx }) {
    const { all } = parseSearchParams(request, listQuery);
    return ok((await listReturnReasons(ctx, { includeInactive: all === "1" || all === "true" })) satisfies ReturnReason[]);
  },
  async POST({ request, viewer, ctx }) {
    // Adding a reason is the admin's: refused (403) before the body is read, so the refusal keeps its true reason.
    requireReasonsAdmin(viewer);
    const { label } = await parseJsonBody(request, reasonCreateSchema);
    return ok((await createReturnReason(ctx, viewer, label)) satisfies ReturnReason, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
