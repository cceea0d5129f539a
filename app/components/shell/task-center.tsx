// The Task Center bell: each viewer's prepared tasks and alerts in a side panel, true counts per tab, a page at
// a time, refreshed with spec 000's poll every 5 minutes (a failed poll becomes the 'Connection Error' alert).
// The bell and its count are in every signed-in page's first load; the panel (tabs, rows) is not: it loads when
// the page is idle, or on the first tap if that comes sooner (issue 25, decision 045).
import { Bell } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { badgeText, clearCompleted, markAllRead, type TaskBadge, type TaskItem, type TaskTab } from "~/domain/tasks/list";
import { whenIdle } from "~/lib/when-idle";
import { NO_EXTRA, postQuietly, useTaskCenter } from "./use-task-center";

const loadPanel = () => import("./task-center-panel");
const TaskCenterPanel = lazy(() => loadPanel().then((m) => ({ default: m.TaskCenterPanel })));

export function TaskCenter({ initial = null }: { initial?: TaskBadge | null }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TaskTab>("urgent");
  // The panel's code, fetched when the page is idle; mounted (closed) once it is here.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => void loadPanel().then(() => setIdle(true), () => {})), []);
  const { data, setData, extra, setExtra, loaded, loadingMore, loadMore, connectionError, setConnectionError, refresh } = useTaskCenter(initial);

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
      {/* Mounted once the page is idle (loading its code then) or on the first tap, whichever comes first: a tap
          before the code is here opens the panel as soon as it is. */}
      {open || idle ? (
        <Suspense fallback={null}>
          <TaskCenterPanel
            open={open}
            onClose={() => setOpen(false)}
            tab={tab}
            setTab={setTab}
            data={data}
            loaded={loaded}
            list={list}
            counts={counts}
            more={more}
            loadingMore={loadingMore}
            onMore={(t) => void loadMore(t)}
            onMarkAllRead={() => void onMarkAllRead()}
            onClear={(target) => void onClear(target)}
            onOpenTask={onOpenTask}
          />
        </Suspense>
      ) : null}
    </>
  );
}
