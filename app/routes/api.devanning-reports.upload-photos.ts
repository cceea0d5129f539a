// POST /api/devanning-reports/upload-photos: one group's files under its name → files[] (filename, originalName, path, size).
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { uploadDevanningPhotos } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:create");

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    return uploadDevanningPhotos(ctx, viewer, request);
  },
});

export const loader = route.loader;
export const action = route.action;
