// The picking screen's /api calls (pick-calls.ts), loaded with their first use: one load shared by every caller, tried
// again after a failure (no signal before the code arrived).
type PickCalls = typeof import("./pick-calls");

let loading: Promise<PickCalls> | null = null;

export function loadPickCalls(): Promise<PickCalls> {
  loading ??= import("./pick-calls").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
