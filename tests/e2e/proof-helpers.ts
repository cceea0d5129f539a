// The customer's proof of delivery page (/proof/{token}) for the screen journeys: nothing in the seed is
// delivered through the wizard, so a driver completes one through the calls the wizard makes and sends the
// customer the link, which is read from the Resend stand-in's inbox.
import type { Browser } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { expect, signIn } from "./fixtures";

type Row = { orderNumber: string; paymentStatus?: string; hasDeliveryOrder?: boolean; deliveryCompletedAt?: string | null; address?: { lines: string[] } };

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * Completes one undelivered, not cash-on-delivery order of the driver's and answers the path of its proof
 * link. `slot` keeps callers running at once apart: the order is taken a quarter of the way down the list
 * (delivery.spec.ts takes the ends, the wizard journeys the middle), `slot` places further on.
 */
export async function deliveredProofPath(browser: Browser, slot: number): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, "delivery-driver", "/order-tracking");
    const res = await page.request.get("/api/order-trackers?limit=500&page=1");
    expect(res.ok()).toBe(true);
    const rows = ((await res.json()) as { data: Row[] }).data.filter(
      (r) => !r.hasDeliveryOrder && !r.deliveryCompletedAt && (r.address?.lines.length ?? 0) > 0 && (r.paymentStatus ?? "").toLowerCase() !== "cash on delivery",
    );
    expect(rows.length).toBeGreaterThan(8);
    const n = rows[Math.floor(rows.length / 4) + slot]!.orderNumber;
    const out = await page.request.post(`/api/delivery/${n}/out-for-delivery`, { data: {} });
    expect(out.status(), await out.text()).toBe(200);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const complete = await page.request.post(`/api/delivery/${n}/complete`, {
      data: { signedByName: "Ann Receiver", signatureDataUrl: `data:image/png;base64,${PNG_1PX}`, deliveryDate: today },
    });
    expect(complete.status(), await complete.text()).toBe(200);
    const sent = await page.request.post(`/api/delivery/${n}/proof-link`, { data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    const mails = (await (await fetch(`http://127.0.0.1:${E2E.standinsPort}/resend/emails`)).json()) as unknown;
    const list = (Array.isArray(mails) ? mails : ((mails as { data?: unknown[] }).data ?? (mails as { emails?: unknown[] }).emails ?? [])) as { subject?: string }[];
    const mail = list.filter((m) => String(m.subject).includes(n)).at(-1);
    const token = /\/proof\/([0-9a-f.]+)/.exec(JSON.stringify(mail ?? ""))?.[1];
    expect(token, `the proof link e-mailed for ${n}`).toBeTruthy();
    return `/proof/${token}`;
  } finally {
    await context.close();
  }
}
