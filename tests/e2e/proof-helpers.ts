// Driver orders for the screen journeys, and the customer's proof of delivery page (/proof/{token}): nothing in
// the seed is delivered through the wizard, so a driver completes one through the calls the wizard makes and
// sends the customer the link, which is read from the Resend stand-in's inbox.
import type { APIRequestContext, Browser } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { expect, signIn } from "./fixtures";

type Row = { orderNumber: string; orderStatus?: string | null; paymentStatus?: string; hasDeliveryOrder?: boolean; deliveryCompletedAt?: string | null; address?: { lines: string[] } };

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * An undelivered order of the driver's (with an address, not cash on delivery) that no other journey of these
 * specs running at the same time takes. The orders are split into four classes by their number modulo 4 (a
 * key that does not move when another journey completes an order, as an index in the list would): each
 * width of each spec owns one class. The proof page completes the class's lowest-numbered order; the
 * wizard journeys, which complete nothing, look at its highest-numbered one; the keyboard journey completes
 * the middle one of class 2, away from both ends of the list, where delivery.spec takes its orders.
 */
export async function driverOrderFor(request: APIRequestContext, cls: 0 | 1 | 2 | 3, which: "lowest" | "middle" | "highest"): Promise<string> {
  const res = await request.get("/api/order-trackers?limit=500&page=1&sort=orderNumber&dir=asc");
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()) as { data: Row[] }).data.filter(
    (r) =>
      Number(r.orderNumber.replace(/\D/g, "")) % 4 === cls &&
      !r.hasDeliveryOrder &&
      !r.deliveryCompletedAt &&
      !/cancel/i.test(r.orderStatus ?? "") && // the server refuses a delivery step on a cancelled order (409)
      (r.address?.lines.length ?? 0) > 0 &&
      (r.paymentStatus ?? "").toLowerCase() !== "cash on delivery",
  );
  expect(rows.length, `an undelivered order numbered ≡ ${cls} (mod 4) in the driver's scope`).toBeGreaterThan(0);
  return (which === "lowest" ? rows[0] : which === "middle" ? rows[Math.floor(rows.length / 2)] : rows.at(-1))!.orderNumber;
}

/** Completes the lowest order of class `cls` through the wizard's calls and answers the path of its proof link. */
export async function deliveredProofPath(browser: Browser, cls: 0 | 1 | 2 | 3): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, "delivery-driver", "/order-tracking");
    const n = await driverOrderFor(page.request, cls, "lowest");
    const out = await page.request.post(`/api/delivery/${n}/out-for-delivery`, { data: {} });
    expect(out.status(), await out.text()).toBe(200);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const complete = await page.request.post(`/api/delivery/${n}/complete`, {
      data: { signedByName: "Ann Receiver", signatureDataUrl: `data:image/png;base64,${PNG_1PX}`, deliveryDate: today },
    });
    expect(complete.status(), await complete.text()).toBe(200);
    const sent = await page.request.post(`/api/delivery/${n}/proof-link`, { data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    // The stand-in lists the newest first.
    const mails = (await (await fetch(`http://127.0.0.1:${E2E.standinsPort}/resend/emails?subject=${encodeURIComponent(`Proof of delivery for order ${n}`)}`)).json()) as unknown;
    const list = (Array.isArray(mails) ? mails : ((mails as { data?: unknown[] }).data ?? (mails as { emails?: unknown[] }).emails ?? [])) as { subject?: string }[];
    const tokens = list
      .filter((m) => String(m.subject).includes(n))
      .map((m) => /\/proof\/([0-9a-f.]+)/.exec(JSON.stringify(m))?.[1])
      .filter((t): t is string => !!t);
    expect(tokens.length, `the proof link e-mailed for ${n}`).toBeGreaterThan(0);
    return `/proof/${tokens[0]}`;
  } finally {
    await context.close();
  }
}
