// The Task Center's rows: a tab's label with its count, and one task or alert (priority bar, badge, when, action).
import { CircleCheck } from "lucide-react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { relativeTime } from "~/domain/shell/time";
import { tabCountText, TASK_ACTION_LABELS, type AlertItem, type TaskItem } from "~/domain/tasks/list";
import type { TaskPriority } from "~/domain/tasks/rules";
import { countText } from "~/domain/plain-format";

const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: "red", medium: "orange", low: "green" };
const PRIORITY_BAR: Record<TaskPriority, string> = { high: "bg-red-600", medium: "bg-orange-500", low: "bg-green-600" };

export function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {text}
      <span className="rounded-full bg-slate-100 px-1.5 text-xs font-bold text-slate-700" aria-label={`${countText(count)} items`}>
        {tabCountText(count)}
      </span>
    </span>
  );
}

export function ItemRow({ item, now }: { item: TaskItem | AlertItem; now: Date }) {
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
