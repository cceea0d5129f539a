// The Task Center bell: each viewer's prepared tasks and alerts in a side panel, true counts per tab, a page at
// a time, refreshed with spec 000's poll every 5 minutes (a failed poll becomes the 'Connection Error' alert).
import { Link } from "@remix-run/react";
import { Bell, CheckCheck, CircleCheck, Eraser, Paperclip } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Sheet } from "~/components/ui/sheet";
import { Tabs } from "~/components/ui/tabs";
import { relativeTime } from "~/domain/shell/time";
import {
  badgeText,
  clearCompleted,
  connectionErrorAlert,
  markAllRead,
  tabCountText,
  TASK_ACTION_LABELS,
  TASK_POLL_MS,
  TASK_POLL_URL,
  type AlertItem,
  type TaskCenterData,
  type TaskItem,
  type TaskPage,
  type TaskTab,
} from "~/domain/tasks/list";
import type { TaskPriority } from "~/domain/tasks/rules";

const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: "red", medium: "orange", low: "green" };
const PRIORITY_BAR: Record<TaskPriority, string> = { high: "bg-red-600", medium: "bg-orange-500", low: "bg-green-600" };
const TAB_LABELS: Record<TaskTab, string> = { urgent: "Urgent", tasks: "All Tasks", alerts: "Alerts" };

type Item = TaskItem | AlertItem;
type Extra = Record<TaskTab, Item[]>;

const EMPTY: TaskCenterData = { urgent: [], tasks: [], alerts: [], counts: { urgent: 0, tasks: 0, alerts: 0 }, unread: 0, builtAt: null, pageSize: 25 };
const NO_EXTRA: Extra = { urgent: [], tasks: [], alerts: [] };

async function post(path: string, body: unknown = {}) {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  if (!res.ok) throw new Error(`${path} ${res.status}`);
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { credentials: "same-origin", signal });
  if (!res.ok) throw new Error(`${path} ${res.status}`);
  const json = (await res.json()) as { success: boolean; data?: T };
  if (!json.success || !json.data) throw new Error(`${path}: bad response`);
  return json.data;
}

/**
 * Spec 000's order poll: the same call as the old client, scoped by the server like every Order Tracking
 * list. Its rows are not needed here (the tasks come built, for this viewer, from /api/tasks), so the body is
 * not downloaded; an answer that is not ok is the spec's connection error. 403: this viewer has no orders.
 */
async function pollOrders(signal: AbortSignal): Promise<void> {
  const res = await fetch(TASK_POLL_URL, { credentials: "same-origin", signal, headers: { accept: "application/json" } });
  void res.body?.cancel().catch(() => undefined);
  if (!res.ok && res.status !== 403) throw new Error(`order poll ${res.status}`);
}

function useTaskCenter() {
  const [data, setData] = useState<TaskCenterData>(EMPTY);
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
      const next = await getJson<TaskCenterData>("/api/tasks", controller.signal);
      setData(next);
      setExtra(NO_EXTRA);
      setLoaded(true);
      settle("tasks", true);
    } catch {
      if (!controller.signal.aborted) settle("tasks", false);
    }
  }, [settle]);

  const poll = useCallback(async () => {
    pollCall.current?.abort();
    const controller = new AbortController();
    pollCall.current = controller;
    try {
      await pollOrders(controller.signal);
      settle("poll", true);
    } catch {
      if (!controller.signal.aborted) settle("poll", false);
    }
  }, [settle]);

  useEffect(() => {
    const tick = () => void Promise.all([poll(), refresh()]);
    tick();
    const timer = window.setInterval(tick, TASK_POLL_MS);
    return () => {
      window.clearInterval(timer);
      tasksCall.current?.abort();
      pollCall.current?.abort();
    };
  }, [poll, refresh]);

  const loadMore = useCallback(
    async (tab: TaskTab) => {
      const shown = data[tab].length + extra[tab].length;
      setLoadingMore(tab);
      try {
        const page = await getJson<TaskPage>(`/api/tasks?tab=${tab}&page=${Math.floor(shown / data.pageSize) + 1}`);
        setExtra((e) => {
          const seen = new Set([...data[tab], ...e[tab]].map((i) => i.id));
          return { ...e, [tab]: [...e[tab], ...page.items.filter((i) => !seen.has(i.id))] };
        });
      } catch {
        setConnectionError((c) => c ?? connectionErrorAlert(new Date()));
      } finally {
        setLoadingMore(null);
      }
    },
    [data, extra],
  );

  return { data, setData, extra, setExtra, loaded, loadingMore, loadMore, connectionError, setConnectionError, refresh };
}

export function TaskCenter() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TaskTab>("urgent");
  const { data, setData, extra, setExtra, loaded, loadingMore, loadMore, connectionError, setConnectionError, refresh } = useTaskCenter();

  const lists = useMemo(
    () => ({
      urgent: [...data.urgent, ...extra.urgent],
      tasks: [...data.tasks, ...extra.tasks],
      alerts: [...(connectionError ? [connectionError] : []), ...data.alerts, ...extra.alerts],
    }),
    [data, extra, connectionError],
  );
  const counts = { ...data.counts, alerts: data.counts.alerts + (connectionError ? 1 : 0) };
  // The server counts unread beyond the listed items; a local connection error adds one.
  const unread = data.unread + (connectionError && !connectionError.read ? 1 : 0);
  const badge = badgeText(unread);

  function openPanel() {
    setOpen(true);
    // The lists may be minutes old: opening the panel brings them up to date (the order poll keeps its pace).
    void refresh();
  }


  async function onMarkAllRead() {
    const read = <T extends { read: boolean }>(items: T[]) => markAllRead(items);
    setData((d) => ({ ...d, urgent: read(d.urgent), tasks: read(d.tasks), alerts: read(d.alerts), unread: 0 }));
    setExtra((e) => ({ urgent: read(e.urgent), tasks: read(e.tasks), alerts: read(e.alerts) }));
    setConnectionError((c) => (c ? { ...c, read: true } : c));
    await post("/api/tasks/read-all").catch(() => undefined);
    void refresh();
  }

  async function onClear(target: "tasks" | "alerts") {
    if (target === "alerts") {
      setData((d) => ({ ...d, alerts: clearCompleted({ tasks: [], alerts: d.alerts }).alerts }));
      setConnectionError((c) => (c?.read ? null : c));
    } else {
      setData((d) => ({ ...d, urgent: clearCompleted({ tasks: d.urgent, alerts: [] }).tasks, tasks: clearCompleted({ tasks: d.tasks, alerts: [] }).tasks }));
    }
    setExtra(NO_EXTRA);
    await post("/api/tasks/clear-completed", { target }).catch(() => undefined);
    void refresh();
  }

  function onOpenTask(task: TaskItem) {
    setOpen(false);
    if (!task.read) {
      setData((d) => ({ ...d, unread: Math.max(0, d.unread - 1), urgent: d.urgent.map((t) => (t.id === task.id ? { ...t, read: true } : t)), tasks: d.tasks.map((t) => (t.id === task.id ? { ...t, read: true } : t)) }));
      void post("/api/tasks/read-all", { ids: [task.id] }).catch(() => undefined);
    }
  }

  const now = new Date();
  const list = lists[tab];
  const more = tab === "alerts" ? data.counts.alerts - data.alerts.length - extra.alerts.length : counts[tab] - list.length;

  return (
    <>
      <button
        type="button"
        onClick={openPanel}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        aria-label={badge ? `Task Center, ${unread} unread` : "Task Center"}
      >
        <Bell className="size-6" aria-hidden="true" />
        {badge ? (
          <span className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white">{badge}</span>
        ) : null}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Task Center" side="right" size="md">
        <div className="px-4 pt-1">
          <p className="text-xs text-slate-600" aria-live="polite">
            {data.builtAt ? (
              <>
                Updated{" "}
                <time dateTime={data.builtAt} suppressHydrationWarning>
                  {relativeTime(data.builtAt, now).toLowerCase()}
                </time>
              </>
            ) : loaded ? (
              "Tasks are being prepared"
            ) : (
              "Loading…"
            )}
          </p>
          <div className="flex items-center justify-between gap-1">
            <Button variant="ghost" size="sm" className="-ml-2 px-2 whitespace-nowrap" onClick={onMarkAllRead}>
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all read
            </Button>
            <Button variant="ghost" size="sm" className="-mr-2 px-2 whitespace-nowrap" onClick={() => onClear(tab === "alerts" ? "alerts" : "tasks")}>
              <Eraser className="size-4" aria-hidden="true" />
              {tab === "alerts" ? "Clear completed" : "Clear completed tasks"}
            </Button>
          </div>
        </div>
        <Tabs
          className="px-4 pb-6"
          label="Task Center"
          value={tab}
          onChange={setTab}
          tabs={(["urgent", "tasks", "alerts"] as const).map((key) => ({ key, label: <TabLabel text={TAB_LABELS[key]} count={counts[key]} /> }))}
        >
          {list.length === 0 ? (
            <p className="py-10 text-center text-slate-600">{!loaded ? "Loading…" : tab === "alerts" ? "No notifications" : "All caught up! No pending tasks."}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.map((item) =>
                item.isTask ? (
                  <li key={item.id}>
                    <Link to={item.href} onClick={() => onOpenTask(item)} className="block rounded-lg hover:bg-slate-50 focus-visible:bg-slate-50">
                      <ItemRow item={item} now={now} />
                    </Link>
                  </li>
                ) : (
                  <li key={item.id}>
                    <ItemRow item={item} now={now} />
                    {item.attachmentUrl ? (
                      <a
                        href={item.attachmentUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="mb-2 ml-4 inline-flex min-h-9 items-center gap-1 text-sm font-semibold text-brand-800 underline"
                      >
                        <Paperclip className="size-4" aria-hidden="true" />
                        View photo
                      </a>
                    ) : null}
                  </li>
                ),
              )}
            </ul>
          )}
          {more > 0 && list.length > 0 ? (
            <div className="flex flex-col items-center gap-1 pt-3">
              <p className="text-xs text-slate-600">
                Showing {list.length.toLocaleString("en-US")} of {counts[tab].toLocaleString("en-US")}
              </p>
              <Button variant="outline" size="sm" onClick={() => void loadMore(tab)} disabled={loadingMore === tab}>
                {loadingMore === tab ? "Loading…" : "Show more"}
              </Button>
            </div>
          ) : null}
        </Tabs>
      </Sheet>
    </>
  );
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {text}
      <span className="rounded-full bg-slate-100 px-1.5 text-xs font-bold text-slate-700" aria-label={`${count.toLocaleString("en-US")} items`}>
        {tabCountText(count)}
      </span>
    </span>
  );
}

function ItemRow({ item, now }: { item: TaskItem | AlertItem; now: Date }) {
  const task = item.isTask ? item : null;
  const detail = task ? [task.customerName, task.orderStatus].filter(Boolean).join(" · ") : "";
  return (
    <div className={cn("flex gap-3 py-3 pr-1", task?.done && "opacity-75")}>
      <span className={cn("w-1.5 shrink-0 rounded-full", task?.done ? "bg-slate-300" : PRIORITY_BAR[item.priority])} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className={cn("text-sm text-slate-900", item.read ? "font-medium" : "font-bold")}>
            {!item.read ? <span className="sr-only">Unread: </span> : null}
            {item.title}
          </p>
          {task?.done ? (
            <Badge tone="neutral" className="gap-1">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              Done
            </Badge>
          ) : (
            <Badge tone={PRIORITY_TONE[item.priority]}>{item.priority}</Badge>
          )}
        </div>
        <p className="mt-0.5 text-sm text-slate-700">{item.message}</p>
        <p className="mt-1 text-xs text-slate-600">
          {[item.orderNumber ? `#${item.orderNumber}` : null, detail].filter(Boolean).join(" · ")}
          {item.orderNumber || detail ? " · " : ""}
          <time dateTime={item.timestamp} suppressHydrationWarning>
            {relativeTime(item.timestamp, now)}
          </time>
        </p>
        {task && !task.done ? <p className="mt-1 text-xs font-semibold text-brand-800">{TASK_ACTION_LABELS[task.kind]} →</p> : null}
      </div>
    </div>
  );
}
