// The scheduled jobs by name, shared by the Worker's cron handler and the local cron (scripts/cron.ts).
import { runHousekeeping } from "../app/services/housekeeping.server";
import { rebuildTasks } from "../app/services/tasks.server";
import type { Job, JobName } from "./schedule";

export const JOBS: Record<JobName, Job> = {
  tasks: rebuildTasks,
  housekeeping: runHousekeeping,
};
