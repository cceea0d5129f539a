// The Task Center's panel: the three tabs and their rows, Mark all read, Clear completed, Show more. Not on any
// page's first paint: it loads when the page is idle or on the bell's first tap (task-center.tsx), so the bell
// and its count stay in the first load and the panel does not (issue 25, decision 045).
import { Link } from "@remix-run/react";
import { CheckCheck, Eraser, Paperclip } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { Tabs } from "~/components/ui/tabs";
import { relativeTime } from "~/domain/shell/time";
import type { TaskCenterData, TaskItem, TaskTab } from "~/domain/tasks/list";
import { ItemRow, TabLabel } from "./task-center-items";
import type { Item } from "./use-task-center";
import { countText } from "~/domain/plain-format";

const TAB_LABELS: Record<TaskTab, string> = { urgent: "Urgent", tasks: "All Tasks", alerts: "Alerts" };

export type TaskCenterPanelProps = {
  open: boolean;
  onClose: () => void;
  tab: TaskTab;
  setTab: (tab: TaskTab) => void;
  data: TaskCenterData;
  loaded: boolean;
  list: Item[];
  counts: Record<TaskTab, number>;
  more: number;
  loadingMore: TaskTab | null;
  onMore: (tab: TaskTab) => void;
  onMarkAllRead: () => void;
  onClear: (target: "tasks" | "alerts") => void;
  onOpenTask: (task: TaskItem) => void;
};

export function TaskCenterPanel({ open, onClose, tab, setTab, data, loaded, list, counts, more, loadingMore, onMore, onMarkAllRead, onClear, onOpenTask }: TaskCenterPanelProps) {
  const now = new Date();
  return (
    <Sheet open={open} onClose={onClose} title="Task Center" side="right" size="md">
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
              Showing {countText(list.length)} of {countText(counts[tab])}
            </p>
            <Button variant="outline" size="sm" onClick={() => onMore(tab)} disabled={loadingMore === tab}>
              {loadingMore === tab ? "Loading…" : "Show more"}
            </Button>
          </div>
        ) : null}
      </Tabs>
    </Sheet>
  );
}
