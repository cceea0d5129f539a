// The Task Center bell: each viewer's prepared tasks and alerts in a side panel, true counts per tab, a page at
// a time, refreshed with spec 000's poll every 5 minutes (a failed poll becomes the 'Connection Error' alert).
import { Link } from "@remix-run/react";
import { Bell, CheckCheck, Eraser, Paperclip } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { Tabs } from "~/components/ui/tabs";
import { relativeTime } from "~/domain/shell/time";
import { badgeText, clearCompleted, markAllRead, type TaskItem, type TaskTab } from "~/domain/tasks/list";
import { ItemRow, TabLabel } from "./task-center-items";
import { NO_EXTRA, postQuietly, useTaskCenter } from "./use-task-center";

const TAB_LABELS: Record<TaskTab, string> = { urgent: "Urgent", tasks: "All Tasks", alerts: "Alerts" };

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
    await postQuietly("/api/tasks/read-all");
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
    await postQuietly("/api/tasks/clear-completed", { target });
    void refresh();
  }

  function onOpenTask(task: TaskItem) {
    setOpen(false);
    if (!task.read) {
      setData((d) => ({ ...d, unread: Math.max(0, d.unread - 1), urgent: d.urgent.map((t) => (t.id === task.id ? { ...t, read: true } : t)), tasks: d.tasks.map((t) => (t.id === task.id ? { ...t, read: true } : t)) }));
      void postQuietly("/api/tasks/read-all", { ids: [task.id] });
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
