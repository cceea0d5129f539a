// The Task Center bell: tasks and alerts built on the server, refreshed every 5 minutes, in a side panel.
import { useNavigate } from "@remix-run/react";
import { Bell, CheckCheck, Eraser, Paperclip } from "lucide-react";
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
  orderTrackingHref,
  TASK_POLL_MS,
  unreadCount,
  urgentTasks,
  type AlertItem,
  type TaskCenterData,
  type TaskItem,
} from "~/domain/tasks/list";
import type { TaskPriority } from "~/domain/tasks/rules";

type TabKey = "urgent" | "all" | "alerts";

const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: "red", medium: "orange", low: "green" };
const PRIORITY_BAR: Record<TaskPriority, string> = { high: "bg-red-600", medium: "bg-orange-500", low: "bg-green-600" };

const EMPTY: TaskCenterData = { tasks: [], alerts: [], unread: 0 };

async function post(path: string, body: unknown = {}) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`${path} ${res.status}`);
}

function useTaskCenter() {
  const [data, setData] = useState<TaskCenterData>(EMPTY);
  const [connectionError, setConnectionError] = useState<AlertItem | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const res = await fetch("/api/tasks", { credentials: "same-origin", signal: controller.signal });
      if (!res.ok) throw new Error(String(res.status));
      const json = (await res.json()) as { success: boolean; data?: TaskCenterData };
      if (!json.success || !json.data) throw new Error("bad response");
      setData(json.data);
      setConnectionError(null);
    } catch {
      if (controller.signal.aborted) return;
      // A failed poll becomes an alert instead of breaking the page (spec 000 section 8).
      setConnectionError(connectionErrorAlert(new Date()));
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), TASK_POLL_MS);
    return () => {
      window.clearInterval(timer);
      inFlight.current?.abort();
    };
  }, [refresh]);

  const alerts = useMemo(() => (connectionError ? [connectionError, ...data.alerts] : data.alerts), [data.alerts, connectionError]);
  return { data, alerts, setData, setConnectionError, refresh };
}

export function TaskCenter() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>("urgent");
  const navigate = useNavigate();
  const { data, alerts, setData, setConnectionError, refresh } = useTaskCenter();

  // The server counts unread beyond the listed items; a local connection error adds one.
  const unread = data.unread + (alerts.some((a) => a.id.startsWith("local:") && !a.read) ? 1 : 0);
  const badge = badgeText(unread);
  const urgent = useMemo(() => urgentTasks(data.tasks), [data.tasks]);

  async function onMarkAllRead() {
    setData((d) => ({ tasks: markAllRead(d.tasks), alerts: markAllRead(d.alerts), unread: 0 }));
    setConnectionError((c) => (c ? { ...c, read: true } : c));
    await post("/api/tasks/read-all").catch(() => undefined);
    void refresh();
  }

  async function onClear(target: "tasks" | "alerts") {
    setData((d) => {
      const cleared = clearCompleted(d);
      const next = { ...d, [target]: cleared[target] };
      return { ...next, unread: Math.min(d.unread, unreadCount(next)) };
    });
    if (target === "alerts") setConnectionError((c) => (c?.read ? null : c));
    await post("/api/tasks/clear-completed", { target }).catch(() => undefined);
    void refresh();
  }

  function openTask(task: TaskItem) {
    setOpen(false);
    navigate(orderTrackingHref(task.orderNumber ?? ""));
  }

  const now = new Date();
  const list = tab === "alerts" ? alerts : tab === "urgent" ? urgent : data.tasks;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        aria-label={badge ? `Task Center, ${unread} unread` : "Task Center"}
      >
        <Bell className="size-6" aria-hidden="true" />
        {badge ? (
          <span className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white">
            {badge}
          </span>
        ) : null}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Task Center" side="right" size="md">
        <div className="flex flex-wrap items-center justify-end gap-1 px-4 pt-2">
          <Button variant="ghost" size="sm" className="px-2" onClick={onMarkAllRead}>
            <CheckCheck className="hidden size-4 sm:block" aria-hidden="true" />
            Mark all read
          </Button>
          <Button variant="ghost" size="sm" className="px-2" onClick={() => onClear(tab === "alerts" ? "alerts" : "tasks")}>
            <Eraser className="hidden size-4 sm:block" aria-hidden="true" />
            {tab === "alerts" ? "Clear completed" : "Clear completed tasks"}
          </Button>
        </div>
        <Tabs
          className="px-4 pb-6"
          label="Task Center"
          value={tab}
          onChange={setTab}
          tabs={[
            { key: "urgent", label: <TabLabel text="Urgent" count={urgent.length} /> },
            { key: "all", label: <TabLabel text="All Tasks" count={data.tasks.length} /> },
            { key: "alerts", label: <TabLabel text="Alerts" count={alerts.length} /> },
          ]}
        >
          {list.length === 0 ? (
            <p className="py-10 text-center text-slate-600">{tab === "alerts" ? "No notifications" : "All caught up! No pending tasks."}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.map((item) =>
                item.isTask ? (
                  <li key={item.id}>
                    <button type="button" onClick={() => openTask(item)} className="w-full text-left hover:bg-slate-50">
                      <ItemRow item={item} now={now} detail={[item.customerName, item.orderStatus].filter(Boolean).join(" · ")} />
                    </button>
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
        </Tabs>
      </Sheet>
    </>
  );
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {text}
      <span className="rounded-full bg-slate-100 px-1.5 text-xs font-bold text-slate-700">{count}</span>
    </span>
  );
}

function ItemRow({ item, now, detail }: { item: TaskItem | AlertItem; now: Date; detail?: string }) {
  return (
    <div className="flex gap-3 py-3 pr-1">
      <span className={cn("w-1.5 shrink-0 rounded-full", PRIORITY_BAR[item.priority])} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className={cn("text-sm text-slate-900", item.read ? "font-medium" : "font-bold")}>
            {!item.read ? <span className="sr-only">Unread: </span> : null}
            {item.title}
          </p>
          <Badge tone={PRIORITY_TONE[item.priority]}>{item.priority}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-slate-700">{item.message}</p>
        <p className="mt-1 text-xs text-slate-600">
          {[item.orderNumber ? `#${item.orderNumber}` : null, detail].filter(Boolean).join(" · ")}
          {item.orderNumber || detail ? " · " : ""}
          <time dateTime={item.timestamp} suppressHydrationWarning>
            {relativeTime(item.timestamp, now)}
          </time>
        </p>
      </div>
    </div>
  );
}
