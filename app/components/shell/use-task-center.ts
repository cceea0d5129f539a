// The Task Center's data: the panel from GET /api/tasks (replaced whole on each refresh, spec 000 §4), more pages
// per tab, and spec 000's order poll every 5 minutes; a failed call becomes the 'Connection Error' alert.
import { useCallback, useEffect, useRef, useState } from "react";
import type { StandardSchema } from "~/domain/api-messages";
import { connectionErrorAlert, TASK_POLL_MS, TASK_POLL_URL, type AlertItem, type TaskBadge, type TaskCenterData, type TaskItem, type TaskTab } from "~/domain/tasks/list";
import { isSigningOut, SIGNING_OUT_EVENT } from "~/lib/signing-out";
import { afterSettled } from "~/lib/when-idle";

// The api client and its messages load with the bell's first call, right after hydration, and the contracts (zod)
// with the first answer read: none of them is in the first load of a page that does not call /api itself (issue 25).
// Any answer, read as it is: api-messages' `anyAnswer`, not imported from there, which would split that module
// from the client's chunk on every page that calls /api itself.
const anyAnswer: StandardSchema<unknown> = { "~standard": { version: 1, vendor: "app", validate: (value) => ({ value }) } };
const loadApi = async () => ({ apiFetch: (await import("~/lib/api-client")).apiFetch, anyAnswer });
const loadContract = () => import("~/domain/tasks/contract");

export type Item = TaskItem | AlertItem;
export type Extra = Record<TaskTab, Item[]>;

const EMPTY: TaskCenterData = { urgent: [], tasks: [], alerts: [], counts: { urgent: 0, tasks: 0, alerts: 0 }, unread: 0, builtAt: null, pageSize: 25 };
export const NO_EXTRA: Extra = { urgent: [], tasks: [], alerts: [] };

/** A write the bell does not wait on: the lists were already changed on screen, the next refresh shows the truth. */
export async function postQuietly(path: string, json: unknown = {}): Promise<unknown> {
  const { apiFetch, anyAnswer } = await loadApi();
  return apiFetch(path, anyAnswer, { json });
}

/**
 * Spec 000's order poll: the same call as the old client, scoped by the server like every Order Tracking
 * list. Its rows are not read here (the tasks come built, for this viewer, from /api/tasks); an answer that is
 * not ok is the spec's connection error. 403: this viewer has no orders.
 */
async function pollOrders(signal: AbortSignal): Promise<boolean> {
  const { apiFetch, anyAnswer } = await loadApi();
  if (isSigningOut()) return true;
  const r = await apiFetch(TASK_POLL_URL, anyAnswer, { signal, discardBody: true });
  return r.ok || r.error.status === 403;
}

/** `initial`: the bell's figures from the page's first HTML, shown until the first call answers. */
export function useTaskCenter(initial: TaskBadge | null = null) {
  const [data, setData] = useState<TaskCenterData>(() => (initial ? { ...EMPTY, counts: initial.counts, unread: initial.unread } : EMPTY));
  const [extra, setExtra] = useState<Extra>(NO_EXTRA);
  const [loaded, setLoaded] = useState(false);
  const [loadingMore, setLoadingMore] = useState<TaskTab | null>(null);
  const [connectionError, setConnectionError] = useState<AlertItem | null>(null);
  const tasksCall = useRef<AbortController | null>(null);
  const pollCall = useRef<AbortController | null>(null);
  // The alert stays while either call's last answer failed; it goes when both answer again.
  const failing = useRef({ poll: false, tasks: false });

  const settle = useCallback((call: "poll" | "tasks", ok: boolean) => {
    failing.current[call] = !ok;
    // A failed poll becomes an alert instead of breaking the page (spec 000 section 8).
    if (!ok) setConnectionError((c) => c ?? connectionErrorAlert(new Date()));
    else if (!failing.current.poll && !failing.current.tasks) setConnectionError(null);
  }, []);

  /** The whole list is replaced on every refresh (spec 000 §4). */
  const refresh = useCallback(async () => {
    tasksCall.current?.abort();
    const controller = new AbortController();
    tasksCall.current = controller;
    try {
      const [{ apiFetch }, { TaskCenterAnswer }] = await Promise.all([loadApi(), loadContract()]);
      // The client loads with the first call: Log Out may have been pressed meanwhile.
      if (isSigningOut()) return;
      const r = await apiFetch("/api/tasks", TaskCenterAnswer, { signal: controller.signal });
      if (!r.ok) return settle("tasks", false);
      setData(r.data);
      setExtra(NO_EXTRA);
      setLoaded(true);
      settle("tasks", true);
    } catch {
      // Aborted by a newer refresh: that one settles. Otherwise the client's code could not be fetched.
      if (!controller.signal.aborted) settle("tasks", false);
    }
  }, [settle]);

  const poll = useCallback(async () => {
    pollCall.current?.abort();
    const controller = new AbortController();
    pollCall.current = controller;
    try {
      settle("poll", await pollOrders(controller.signal));
    } catch {
      // Aborted by a newer poll or the panel's unmount. Otherwise the client's code could not be fetched.
      if (!controller.signal.aborted) settle("poll", false);
    }
  }, [settle]);

  useEffect(() => {
    const tick = () => void Promise.all([poll(), refresh()]);
    // The first call waits for the page to settle (the count is already in the HTML); opening the panel asks at once.
    const cancelFirst = afterSettled(tick);
    const timer = window.setInterval(tick, TASK_POLL_MS);
    const abortAll = () => {
      tasksCall.current?.abort();
      pollCall.current?.abort();
    };
    window.addEventListener(SIGNING_OUT_EVENT, abortAll);
    return () => {
      cancelFirst();
      window.clearInterval(timer);
      window.removeEventListener(SIGNING_OUT_EVENT, abortAll);
      abortAll();
    };
  }, [poll, refresh]);

  const loadMore = useCallback(
    async (tab: TaskTab) => {
      const shown = data[tab].length + extra[tab].length;
      setLoadingMore(tab);
      try {
        const [{ apiFetch }, { TaskPageAnswer }] = await Promise.all([loadApi(), loadContract()]);
        const r = await apiFetch(`/api/tasks?tab=${tab}&page=${Math.floor(shown / data.pageSize) + 1}`, TaskPageAnswer);
        if (!r.ok) return setConnectionError((c) => c ?? connectionErrorAlert(new Date()));
        const page = r.data;
        setExtra((e) => {
          const seen = new Set([...data[tab], ...e[tab]].map((i) => i.id));
          return { ...e, [tab]: [...e[tab], ...page.items.filter((i) => !seen.has(i.id))] };
        });
      } finally {
        setLoadingMore(null);
      }
    },
    [data, extra],
  );

  return { data, setData, extra, setExtra, loaded, loadingMore, loadMore, connectionError, setConnectionError, refresh };
}
