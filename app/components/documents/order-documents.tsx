// Order documents on the order detail (office staff, spec 001 §2, §4, §8): generate, regenerate and email the
// pick list, re-enable its email (admin, logistics manager), open or create the BOL, open or generate the Will
// Call. Every document opens in the one PDF viewer. What a role may not do is not offered (the server refuses it
// anyway).
import { FileText, Mail, MailCheck, RefreshCw, Signature, Truck } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { useIsPhone } from "~/components/orders/use-order-list";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { isWillCall, WILL_CALL_MESSAGES, willCallTitle } from "~/domain/documents/capture";
import { emailFailure, PICK_LIST_MESSAGES, pickListFailure, pickListState } from "~/domain/documents/pick-list";
import { formatDateTime } from "~/domain/orders/format";
import { DELIVERY_ORDER_TYPES } from "~/domain/orders/constants";
import { bolApi, deliveryOrderApi, pickListApi, willCallApi, type BolAnswer, type PickListStatus } from "./api";
import { BolDialog, type BolOrder } from "./bol-dialog";
import { PdfViewer, type PdfDocumentRef } from "./pdf-viewer";
import { WillCallDialog } from "./will-call-dialog";

type Viewer = { grants: string[]; isAdmin: boolean; name: string; email: string };
type Notice = { tone: "ok" | "error"; text: string } | null;

export function OrderDocuments({ row, viewer }: { row: BolOrder & { orderType: string }; viewer: Viewer }) {
  const can = (grant: string) => viewer.isAdmin || viewer.grants.includes(grant);
  const canPrint = can("picklists:print");
  const canEnable = can("picklists:email-enable");
  const canViewBol = can("bol:view");
  const canCreateBol = can("bol:create");
  const willCall = isWillCall(row.orderType) && can("willcall:create");
  // The delivery order of a delivery type's order, once the driver completed it (spec 001 §6 delivery order lookup).
  const deliveryOrder = (DELIVERY_ORDER_TYPES as readonly string[]).includes(row.orderType) && (can("delivery:view-order") || can("delivery:perform"));
  const isPhone = !!useIsPhone();

  const [pick, setPick] = useState<PickListStatus | null>(null);
  const [bol, setBol] = useState<BolAnswer | null>(null);
  const [hasWillCall, setHasWillCall] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);
  const [bolOpen, setBolOpen] = useState(false);
  const [willCallOpen, setWillCallOpen] = useState(false);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const [p, b, w] = await Promise.all([
        canPrint ? pickListApi.status(row._id, signal) : null,
        canViewBol ? bolApi.get(row._id, signal) : null,
        willCall ? willCallApi.latest(row._id, signal) : null,
      ]);
      if (signal?.aborted) return;
      if (p?.ok) setPick(p.data);
      if (b?.ok) setBol(b.data);
      setHasWillCall(!!w?.ok && w.data.exists);
    },
    [row._id, canPrint, canViewBol, willCall],
  );

  useEffect(() => {
    const ctrl = new AbortController();
    setNotice(null);
    // Aborted on close (and by StrictMode's double effect): the client rethrows the caller's own abort.
    refresh(ctrl.signal).catch(() => undefined);
    return () => ctrl.abort();
  }, [refresh]);

  if (!canPrint && !canViewBol && !willCall && !deliveryOrder) return null;

  const say = (tone: "ok" | "error", text: string, description?: string) => {
    setNotice({ tone, text: description ? `${text} ${description}` : text });
    if (tone === "ok") toast.success(text, { description });
    else toast.error(text, { description });
  };

  async function openPickList(force: boolean) {
    setBusy(force ? "regenerate" : "pick");
    const res = await pickListApi.generate(row._id, { name: viewer.name, email: viewer.email }, force);
    setBusy(null);
    if (!res.ok) return say("error", pickListFailure(res.error.status), res.error.status === 403 ? undefined : res.error.message);
    if (!res.data.presignedUrl) return say("error", PICK_LIST_MESSAGES.noUrl);
    if (force) say("ok", "Pick list regenerated.");
    setDoc({ url: res.data.presignedUrl, title: `Pick List — ${row.orderNumber}`, filename: `pick-list-${row.orderNumber}.pdf` });
    void refresh();
  }

  async function email() {
    setBusy("email");
    const res = await pickListApi.email(row._id);
    setBusy(null);
    if (!res.ok) {
      const text = emailFailure(res.error.status, res.error.message);
      say("error", text, text === PICK_LIST_MESSAGES.emailFailed ? res.error.message : undefined);
    } else say("ok", PICK_LIST_MESSAGES.emailed);
    void refresh();
  }

  async function enableEmail() {
    setBusy("enable");
    const res = await pickListApi.enableEmail(row._id);
    setBusy(null);
    if (!res.ok) say("error", "Could not re-enable email.", res.error.message);
    else say("ok", PICK_LIST_MESSAGES.reEnabled);
    void refresh();
  }

  async function openDeliveryOrder() {
    setBusy("delivery-order");
    const res = await deliveryOrderApi.link(row._id);
    setBusy(null);
    if (!res.ok) return say("error", res.error.message);
    setDoc({ url: res.data.presignedUrl, title: `Delivery Order — ${row.orderNumber}`, filename: `delivery-order-${row.orderNumber}.pdf` });
  }

  async function openWillCall() {
    setBusy("will-call");
    const res = await willCallApi.latest(row._id);
    setBusy(null);
    if (!res.ok || !res.data.presignedUrl) return say("error", WILL_CALL_MESSAGES.failed, res.ok ? WILL_CALL_MESSAGES.notFound : res.error.message);
    setDoc({ url: res.data.presignedUrl, title: willCallTitle(row.orderNumber), filename: `will-call-${row.orderNumber}.pdf` });
  }

  async function openBol() {
    setBusy("bol");
    const res = await bolApi.get(row._id);
    setBusy(null);
    if (!res.ok || !res.data.presignedUrl) return say("error", "BOL not available", res.ok ? undefined : res.error.message);
    setDoc({ url: res.data.presignedUrl, title: `BOL — ${row.orderNumber}`, filename: `bol-${row.orderNumber}.pdf` });
  }

  const state = pick ? pickListState(pick) : null;
  const pickText =
    state === "emailed"
      ? `Emailed ${formatDateTime(pick!.emailedAt)}`
      : state === "generated"
        ? `Generated ${formatDateTime(pick!.generatedAt)}`
        : state === "not-generated"
          ? "Not generated"
          : "Loading…";

  return (
    <Card>
      <CardHeader>
        <CardTitle>Documents</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canPrint ? (
          <section aria-label="Pick list" className="space-y-2">
            <p className="text-sm">
              <span className="font-semibold text-slate-700">Pick list: </span>
              <span data-testid="pick-list-state">{pickText}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => openPickList(false)} disabled={!!busy}>
                <FileText className="size-4" aria-hidden="true" /> {pick?.hasReleaseOrder ? "View Pick List" : "Generate Pick List"}
              </Button>
              {pick?.hasReleaseOrder ? (
                <Button variant="outline" size="sm" onClick={() => openPickList(true)} disabled={!!busy}>
                  <RefreshCw className="size-4" aria-hidden="true" /> {busy === "regenerate" ? "Regenerating…" : "Regenerate"}
                </Button>
              ) : null}
              <Button variant="outline" size="sm" onClick={email} disabled={!!busy || (pick ? !pick.emailEnabled : false)}>
                <Mail className="size-4" aria-hidden="true" /> {busy === "email" ? "Sending…" : pick && !pick.emailEnabled ? "Emailed" : "Email Pick List"}
              </Button>
              {canEnable && pick && !pick.emailEnabled ? (
                <Button variant="outline" size="sm" onClick={enableEmail} disabled={!!busy}>
                  <MailCheck className="size-4" aria-hidden="true" /> Re-enable Email
                </Button>
              ) : null}
            </div>
          </section>
        ) : null}

        {canViewBol ? (
          <section aria-label="Bill of lading" className="space-y-2">
            <p className="text-sm">
              <span className="font-semibold text-slate-700">BOL: </span>
              <span data-testid="bol-state">{bol ? (bol.exists ? `Created${bol.data?.updatedAt ? ` ${formatDateTime(String(bol.data.updatedAt))}` : ""}` : "Not created") : "Loading…"}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              {bol?.exists ? (
                <Button variant="outline" size="sm" onClick={openBol} disabled={!!busy}>
                  <Truck className="size-4" aria-hidden="true" /> Open BOL
                </Button>
              ) : null}
              {canCreateBol ? (
                <Button variant="outline" size="sm" onClick={() => setBolOpen(true)} disabled={!!busy || !bol}>
                  <Truck className="size-4" aria-hidden="true" /> {bol?.exists ? "Edit BOL" : "Create BOL"}
                </Button>
              ) : null}
            </div>
          </section>
        ) : null}

        {willCall ? (
          <section aria-label="Will Call" className="space-y-2">
            <p className="text-sm">
              <span className="font-semibold text-slate-700">Will Call: </span>
              {hasWillCall ? "Generated" : "Not generated"}
            </p>
            <div className="flex flex-wrap gap-2">
              {hasWillCall ? (
                <Button variant="outline" size="sm" onClick={openWillCall} disabled={!!busy}>
                  <FileText className="size-4" aria-hidden="true" /> Open Will Call
                </Button>
              ) : null}
              <Button variant="outline" size="sm" onClick={() => setWillCallOpen(true)} disabled={!!busy}>
                <Signature className="size-4" aria-hidden="true" /> Generate WILL CALL
              </Button>
            </div>
          </section>
        ) : null}

        {deliveryOrder ? (
          <section aria-label="Delivery order" className="space-y-2">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={openDeliveryOrder} disabled={!!busy}>
                <FileText className="size-4" aria-hidden="true" /> Open Delivery Order
              </Button>
            </div>
          </section>
        ) : null}

        {notice ? (
          <p role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" : "rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"}>
            {notice.text}
          </p>
        ) : null}
      </CardContent>

      {canCreateBol ? (
        <BolDialog
          open={bolOpen}
          order={row}
          existing={bol?.data ?? null}
          onClose={() => setBolOpen(false)}
          onSaved={(url) => {
            setBolOpen(false);
            setNotice({ tone: "ok", text: "BOL saved." });
            setDoc({ url, title: `BOL — ${row.orderNumber}`, filename: `bol-${row.orderNumber}.pdf` });
            void refresh();
          }}
        />
      ) : null}
      {willCall ? (
        <WillCallDialog
          open={willCallOpen}
          order={row}
          isPhone={isPhone}
          onClose={() => setWillCallOpen(false)}
          onGenerated={(url) => {
            setWillCallOpen(false);
            setHasWillCall(true);
            setDoc({ url, title: willCallTitle(row.orderNumber), filename: `will-call-${row.orderNumber}.pdf` });
          }}
        />
      ) : null}
      <PdfViewer doc={doc} isPhone={isPhone} onClose={() => setDoc(null)} />
    </Card>
  );
}
