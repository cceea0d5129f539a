// Recent activity (audit trail) and announcements, side by side on wide screens.
import { Megaphone, History } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { relativeTime } from "~/domain/shell/time";

type Activity = { id: number; actor: string; summary: string; at: string };
type Announcement = { id: number; title: string; body: string; publishedAt: string };

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
        <CardContent className="p-0">
          {activity.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">No recent activity.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 px-4 py-3">
                  <p className="min-w-0 text-sm text-slate-800">
                    <span className="font-semibold text-slate-900">{a.actor}</span> {a.summary}
                  </p>
                  <time dateTime={a.at} className="shrink-0 text-xs text-slate-500" suppressHydrationWarning>
                    {relativeTime(a.at, at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
            Announcements
          </CardTitle>
        </CardHeader>
        <CardContent className="p-0">
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
        </CardContent>
      </Card>
    </div>
  );
}
