// Pick List Check (spec 002 §2): load an order, check each line's picked quantity against the order (starting
// from its saved picks and live room, so 'Done' and 'Units' agree with the picking screen), keep progress on
// this device, and print the pick list. `?order=` is loaded by the loader through the service the
// pick calls use, so the first HTML holds the lines (docs/decisions/008-page-data.md).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "~/components/ui/toast";
import { CheckLine } from "~/components/pick-list-check/check-line";
import { OrderSummary } from "~/components/pick-list-check/order-summary";
import { PickerInfo } from "~/components/pick-list-check/picker-info";
import { printPickList } from "~/components/pick-list-check/print-pick-list";
import { SummaryBar } from "~/components/pick-list-check/summary-bar";
import { useCheckProgress } from "~/components/pick-list-check/use-check-progress";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { pickerOf, rowsFromPicks } from "~/domain/picking/check-saved";
import { emptyRow, summarizeCheck, visibleCheckLines, type CheckRow, type CheckSort } from "~/domain/pick-list/check";
import { authorize } from "~/lib/guard.server";
import { getPickCheckOrder } from "~/services/pick-list.server";
import { apiAnswer, noAction } from "~/lib/route.server";

// Pickers and those who print pick lists (the spec's table; decision 010): a driver's orders:view is not enough.
const GRANTS = ["picklists:pick", "picklists:print"] as const;
export const policy = policies.grant(...GRANTS);
/** The Load form is a GET; a POST here is a clean 405. */
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Pick List Check — Golden Grain" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const orderNumber = (new URL(request.url).searchParams.get("order") ?? "").trim().toUpperCase().slice(0, 64);
  const user = { name: viewer.name || viewer.email, email: viewer.email };
  if (!orderNumber) return { orderNumber, order: null, error: null, user };
  // Out of scope or unknown: the service's refusal (404/403 and its message) is shown, nothing of the order.
  const order = await apiAnswer(() => getPickCheckOrder(context.app, viewer, orderNumber, GRANTS));
  return "success" in order ? { orderNumber, order: null, error: order.error, user } : { orderNumber, order, error: null, user };
}

export default function PickListCheck() {
  const { orderNumber, order, error, user } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/pick-list-check";
  // The lines come with the page; a tap before the script runs would be lost, so they wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [sort, setSort] = useState<CheckSort>("sku");
  const [issuesOnly, setIssuesOnly] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const onSaveError = useCallback((m: string) => setMessage(m), []);
  // Who is picking and what is picked already: the saved picks and the room, else the person signed in.
  const start = useMemo(() => (order ? { rows: rowsFromPicks(order.lines, order.saved, order.room), pickerName: pickerOf(order.saved, order.room, user.name) } : undefined), [order, user.name]);
  const progress = useCheckProgress(order?.orderNumber ?? null, onSaveError, start);

  const lines = useMemo(() => order?.lines ?? [], [order]);
  const summary = useMemo(() => (order ? summarizeCheck(lines, progress.rows) : null), [order, lines, progress.rows]);
  const visible = useMemo(() => visibleCheckLines(lines, progress.rows, { sort, issuesOnly }), [lines, progress.rows, sort, issuesOnly]);
  const { updateRow } = progress;
  const onLineChange = useCallback((id: string, change: (row: CheckRow) => CheckRow) => updateRow(id, change, emptyRow()), [updateRow]);

  async function onPrint() {
    if (!order) return setMessage("Load an order first");
    setPrinting(true);
    setMessage(null);
    try {
      await printPickList(order.orderNumber, user);
    } catch (e) {
      const text = (e as Error).message;
      setMessage(text);
      toast.error(text);
    } finally {
      setPrinting(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Pick List Check</h1>
          <p className="text-sm text-slate-600">Check picked quantities against the order, line by line.</p>
        </div>
        <Form method="get" className="flex w-full gap-2 sm:w-auto" role="search">
          <label htmlFor="order" className="sr-only">
            Order number
          </label>
          <Input id="order" name="order" defaultValue={orderNumber} key={orderNumber} placeholder="Order number, e.g. SO-100001" className="sm:w-72" autoComplete="off" required />
          <Button type="submit" disabled={loading}>
            {loading ? "Loading…" : "Load"}
          </Button>
        </Form>
      </div>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {message}
        </p>
      ) : null}

      {order ? (
        // Loading another order: the lines on screen are on their way out, so nothing acts on them.
        <fieldset disabled={loading || !hydrated} aria-busy={loading} className="m-0 min-w-0 space-y-4 border-0 p-0">
          <OrderSummary order={{ ...order, lineCount: lines.length, units: lines.reduce((s, l) => s + l.quantity, 0) }} />
          {progress.savedPrompt ? (
            <div role="alertdialog" aria-label="Saved progress" className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2">
              <p className="flex-1 text-sm font-medium text-blue-900">Found saved progress for this order. Restore it?</p>
              <Button size="sm" onClick={progress.restore}>
                Restore
              </Button>
              <Button size="sm" variant="outline" onClick={progress.dismiss}>
                Dismiss
              </Button>
            </div>
          ) : null}
          <Card>
            <CardContent>
              <PickerInfo picker={progress.picker} onChange={progress.updatePicker} />
            </CardContent>
          </Card>
          <section aria-labelledby="lines-heading" className="space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <Badge tone="brand" className="text-sm tracking-wider">PICK</Badge>
              <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
                Lines ({visible.length}
                {issuesOnly ? ` of ${lines.length}` : ""})
              </h2>
              <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
                <label className="flex items-center gap-2">
                  Sort by
                  <select className="min-h-11 rounded-lg border border-slate-300 bg-white px-2" value={sort} onChange={(e) => setSort(e.target.value as CheckSort)}>
                    <option value="sku">SKU</option>
                    <option value="description">Description</option>
                  </select>
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" className="size-5" checked={issuesOnly} onChange={(e) => setIssuesOnly(e.target.checked)} />
                  Issues only
                </label>
              </div>
            </div>
            {visible.length ? (
              <ul className="space-y-2">
                {visible.map((line) => (
                  <CheckLine key={line.lineItemId} line={line} row={progress.rows[line.lineItemId] ?? emptyRow()} onChange={onLineChange} />
                ))}
              </ul>
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-600">
                {issuesOnly ? "No issues on this order." : "No items found for this order."}
              </p>
            )}
          </section>
        </fieldset>
      ) : !error ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-10 text-center text-sm text-slate-600">
          Enter an order number above and click Load to check its pick list.
        </p>
      ) : null}

      <SummaryBar summary={summary} savedAt={progress.savedAt} printing={printing} canPrint disabled={!order || loading || !hydrated} onPrint={onPrint} />
    </div>
  );
}
