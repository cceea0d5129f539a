// /pick-list: the picking screen, outside the sign-in guard. The loader tells the gate who is here and, for
// `?order=`, brings the order as the screen's /api calls would answer it (docs/decisions/008-page-data.md):
// the same services behind the same grants, so a visitor those calls refuse gets their refusal and nothing else.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useCallback } from "react";
import { CopyNoticeLater } from "~/components/shell/copy-notice-later";
import type { PickOrderData } from "~/components/picking/pick-order-data";
import { PickingScreen } from "~/components/picking/picking-screen";
import { policies, type Policy } from "~/domain/access/policy";
import { PASSCODE_EMAIL_PREFIX, pickGate } from "~/domain/picking/gate";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import type { AppContext } from "~/lib/context.server";
import { authorize, getPasscodeViewer, viewerSatisfies } from "~/lib/guard.server";
import type { Viewer } from "~/lib/session.server";
import { inventorySummaryForOrder } from "~/services/inventory.server";
import { findPickOrder, latestPickVerified } from "~/services/pick-list.server";
import { getSalesOrder } from "~/services/sales-orders.server";
import { apiAnswer, noAction } from "~/lib/route.server";

// "No signal: showing this phone's copy from …" is decided in the browser once the page runs (never on the server's
// HTML), so its code is not in the first load: it comes right after hydration.

export const policy = policies.public;
/** Saves and completes go through /api; a POST here is a clean 405. */
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Pick List · Golden Grain Ops" }];

/** The policies of the three calls the screen makes for an order (api.sales-orders…, api.picklists….logs, api.inventory-summary…). */
const SALES_ORDER: Policy = policies.grant("orders:view", "picklists:pick");
const PICK_LOGS: Policy = policies.grant(...PICK_GRANTS);
const INVENTORY_GRANTS = ["orders:view", "picklists:pick"] as const;
const INVENTORY: Policy = policies.grant(...INVENTORY_GRANTS);

async function firstOrder(ctx: AppContext, viewer: Viewer | null, orderNumber: string): Promise<PickOrderData> {
  const none = { orderNumber, order: null, logs: null, inventory: null };
  // The guard's answers to the sales-order call: the gate is shown, and no order data leaves the server.
  if (!viewer) return { ...none, error: "Not signed in" };
  if (!viewerSatisfies(viewer, SALES_ORDER)) return { ...none, error: "You do not have access to this page." };
  const [order, logs, inventory] = await Promise.all([
    apiAnswer(() => getSalesOrder(ctx, viewer, orderNumber, { includeLines: true })),
    // The screen reads only the latest saved pick of the log.
    viewerSatisfies(viewer, PICK_LOGS)
      ? apiAnswer(async () => {
          const pickOrder = await findPickOrder(ctx, viewer, orderNumber, PICK_GRANTS);
          const latest = await latestPickVerified(ctx, pickOrder.orderNumber);
          return latest ? [latest] : [];
        })
      : null,
    viewerSatisfies(viewer, INVENTORY)
      ? apiAnswer(async () => inventorySummaryForOrder(ctx, (await findPickOrder(ctx, viewer, orderNumber, INVENTORY_GRANTS)).id))
      : null,
  ]);
  if ("success" in order) return { ...none, error: order.error };
  return {
    orderNumber,
    order,
    logs: logs && !("success" in logs) ? logs : null,
    inventory: inventory && !("success" in inventory) ? inventory : null,
    error: null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The same answers as GET /api/me and GET /api/picklist/session, read once with the page.
  const viewer = await authorize(request, context, policy);
  const passcode = await getPasscodeViewer(request, context.app);
  const orderNumber = new URL(request.url).searchParams.get("order")?.trim() || null;
  // The gate's decisions are made here from the session: the screen is handed what to show, not who this is.
  const gate = pickGate({
    me: viewer ? { email: viewer.email, roleId: viewer.roleId, grants: viewer.grants } : null,
    passcode: passcode ? { authenticated: true, email: passcode.email, allowedLocations: passcode.allowedLocations } : { authenticated: false, email: null, allowedLocations: [] },
    canPick: !!viewer && !viewer.email.startsWith(PASSCODE_EMAIL_PREFIX) && viewerSatisfies(viewer, SALES_ORDER),
  });
  return { gate, firstOrder: orderNumber ? await firstOrder(context.app, viewer, orderNumber) : null, servedAt: context.app.now().toISOString() };
}

export default function PickListRoute() {
  const { gate, firstOrder, servedAt } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const orderNumber = params.get("order")?.trim() || null;

  const leave = useCallback(() => {
    // history.state.idx is React Router's position: above 0 means there is a page of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate("/");
  }, [navigate]);

  return (
    <PickingScreen
      notice={<CopyNoticeLater servedAt={servedAt} />}
      orderNumber={orderNumber}
      initialData={firstOrder}
      gate={gate}
      onPasscodeLogin={() => revalidator.revalidate()}
      onLeave={leave}
    />
  );
}
