// Recent activity (a sentence per audit event, each opening its record) and announcements, side by side on wide screens.
import { Link } from "@remix-run/react";
import { History, Megaphone } from "lucide-react";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { relativeTime } from "~/domain/shell/time";

type Activity = { id: number; actor: string; sentence: string; at: string; href: string | null };
type Announcement = { id: number; title: string; body: string; publishedAt: string };

function ActivityLine({ item, now }: { item: Activity; now: Date }) {
  const rest = item.sentence.startsWith(item.actor) ? item.sentence.slice(item.actor.length) : ` ${item.sentence}`;
  const body = (
    <>
      <p className="min-w-0 text-sm text-slate-800">
        <span className="font-semibold text-slate-900">{item.actor}</span>
        {rest}
      </p>
      <time dateTime={item.at} className="shrink-0 text-xs text-slate-500" suppressHydrationWarning>
        {relativeTime(item.at, now)}
      </time>
    </>
  );
  const row = "flex min-h-12 items-start justify-between gap-3 px-4 py-3";
  return item.href ? (
    <Link to={item.href} className={`${row} hover:bg-slate-50`}>
      {body}
    </Link>
  ) : (
    <div className={row}>{body}</div>
  );
}

export function ActivityPanels({ activity, announcements, now }: { activity: Activity[]; announcements: Announcement[]; now: string }) {
  const at = new Date(now);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5 text-brand-700" aria-hidden="true" />
            Recent Activity
          </CardTitle>
        </CardHeader>
        <div>
          {activity.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No recent activity.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.map((a) => (
                <li key={a.id}>
                  <ActivityLine item={a} now={at} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
            Announcements
          </CardTitle>
        </CardHeader>
        <div>
          {announcements.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No announcements.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {announcements.map((n) => (
                <li key={n.id} className="px-4 py-3">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="text-sm font-bold text-slate-900">{n.title}</h3>
                    <time dateTime={n.publishedAt} className="shrink-0 text-xs text-slate-500" suppressHydrationWarning>
                      {relativeTime(n.publishedAt, at)}
                    </time>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{n.body}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
