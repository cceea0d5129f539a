// GET /api/tasks: the viewer's Task Center {urgent, tasks, alerts, counts, unread, builtAt, pageSize};
// GET /api/tasks?tab=urgent|tasks|alerts&page=N: one more page of a tab {tab, page, pageSize, total, items}.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { integerParam } from "~/domain/numbers";
import { TASK_TABS, type TaskCenterData, type TaskPage } from "~/domain/tasks/contract";
import { ok, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listTaskPage, listTasksFor } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

const querySchema = z.object({
  tab: z.enum(TASK_TABS).optional(),
  page: integerParam(1, 10_000).transform((v) => v ?? 1),
});

const route = apiRoute(policy, {
  async GET({ request, viewer, ctx }) {
    const { tab, page } = parseSearchParams(request, querySchema);
    const data: TaskCenterData | TaskPage = tab
      ? await listTaskPage(ctx, viewer, tab, page)
      : await listTasksFor(ctx, viewer);
    return ok(data, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
