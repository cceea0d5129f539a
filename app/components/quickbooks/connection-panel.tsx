// The QuickBooks connection as an admin sees it on the customers page: connected or not, by whom and when,
// when the tokens expire, a refused refresh token; Connect/Reconnect (a new tab) and Check connection.
import { CheckCircle2, ExternalLink, PlugZap, RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { connectionState, formatEastern, QBO_CONNECT_PATH, type QboConnectionStatus } from "~/domain/quickbooks/connection";

export function ConnectionPanel({
  status,
  now,
  checking,
  checkMessage,
  onCheck,
}: {
  status: QboConnectionStatus;
  /** The server's clock when the page loaded: the state reads the same on the server and in the browser. */
  now: string;
  checking: boolean;
  checkMessage: { tone: "success" | "error"; text: string } | null;
  onCheck: () => void;
}) {
  const state = connectionState(status, new Date(now));
  return (
    <Card role="region" aria-labelledby="qbo-connection-title">
      <CardHeader>
        <CardTitle id="qbo-connection-title">QuickBooks connection</CardTitle>
        <span className="text-xs font-semibold text-slate-500">Admins only</span>
      </CardHeader>
      <CardContent className="space-y-3">
        {state === "connected" ? (
          <p className="flex items-center gap-2 font-semibold text-green-800">
            <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" /> Connected
          </p>
        ) : state === "needs-reconnect" ? (
          <p className="flex items-start gap-2 font-semibold text-red-800">
            <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> QuickBooks refused the saved connection: reconnect QuickBooks.
          </p>
        ) : (
          <p className="flex items-center gap-2 font-semibold text-slate-800">
            <PlugZap className="size-5 shrink-0" aria-hidden="true" /> QuickBooks is not connected.
          </p>
        )}
        {status.connected ? (
          <dl className="space-y-1 text-sm">
            <Item label="Connected by">{`${status.connectedBy ?? "—"} on ${formatEastern(status.connectedAt)}`}</Item>
            <Item label="Access token expires">{formatEastern(status.accessTokenExpiresAt)}</Item>
            {status.refusedAt ? <Item label="Refused">{`${formatEastern(status.refusedAt)}: ${status.refusedReason ?? ""}`}</Item> : null}
          </dl>
        ) : null}
        {state === "connected" ? <p className="text-xs text-slate-600">The access token is refreshed automatically before it expires.</p> : null}
        {status.connected ? (
          <details className="text-sm">
            <summary className="cursor-pointer py-3 font-medium text-slate-700 md:py-0">More about the connection</summary>
            <dl className="mt-1 space-y-1">
              <Item label="Refresh token valid until">{formatEastern(status.refreshTokenExpiresAt)}</Item>
              <Item label="Company (realm)">{status.realmId ?? "—"}</Item>
            </dl>
          </details>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <a href={QBO_CONNECT_PATH} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: "sm", variant: state === "connected" ? "outline" : "primary" })}>
            <ExternalLink className="size-4" aria-hidden="true" /> {status.connected ? "Reconnect QuickBooks" : "Connect QuickBooks"}
          </a>
          {status.connected ? (
            <Button size="sm" variant="outline" onClick={onCheck} disabled={checking}>
              <RotateCw className={checking ? "size-4 animate-spin" : "size-4"} aria-hidden="true" /> {checking ? "Checking…" : "Check connection"}
            </Button>
          ) : null}
        </div>
        {checkMessage ? (
          <p role={checkMessage.tone === "error" ? "alert" : "status"} className={checkMessage.tone === "error" ? "text-sm text-red-800" : "text-sm text-green-800"}>
            {checkMessage.text}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-2">
      <dt className="text-slate-600">{label}:</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}
