// GET /api/devanning-reports/photos/{key} → presignedUrl: a 5-minute link to a photo of a report the viewer sees.
import { policies } from "~/domain/access/policy";
import type { ReportPhotoLink } from "~/domain/reports/contract";
import { photoKeyParams } from "~/domain/reports/params";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { devanningPhotoLink } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:view");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const { "*": key } = parseParams(params, photoKeyParams);
    return { success: true, ...(await devanningPhotoLink(ctx, viewer, key)) } satisfies ReportPhotoLink;
  },
});

export const loader = route.loader;
export const action = route.action;
