// The seeded return requests and their items, pointing back at closed orders.
import type * as s from "../schema";
import { CUSTOMERS, PRODUCTS, RETURN_CUSTOM_REASONS, RETURN_REASONS } from "../seed-data";
import type { ReturnCandidate } from "./orders";
import { createRandom } from "./random";
import { DAY_MS, MINUTE_MS, customerEmail, iso, phoneFor } from "./values";

const RETURN_REMARKS: Record<string, string> = {
  approved: "Credit memo issued.",
  declined: "Outside the 14-day return window.",
  under_review: "Waiting for photos from the driver.",
};

export function buildReturns(candidates: ReturnCandidate[], nowMs: number) {
  const rng = createRandom(0x5eed0002);
  const statuses = [
    ...Array(9).fill("pending"),
    ...Array(6).fill("under_review"),
    ...Array(6).fill("approved"),
    ...Array(4).fill("declined"),
  ] as string[];
  const requests: (typeof s.returnRequests.$inferInsert)[] = [];
  const items: (typeof s.returnItems.$inferInsert)[] = [];
  statuses.forEach((status, i) => {
    const id = i + 1;
    const order = candidates.length ? candidates[Math.floor(((i + 0.5) * candidates.length) / statuses.length)]! : null;
    const customer = order?.customer ?? rng.pick(CUSTOMERS);
    // Older requests are the decided ones: the list shows a realistic backlog of new ones.
    const submittedMs = Math.min(nowMs - rng.int(1, 90) * MINUTE_MS, (order?.createdMs ?? nowMs - 20 * DAY_MS) + rng.int(2, 7) * DAY_MS);
    const decided = status === "approved" || status === "declined";
    const decisionMs = Math.min(nowMs, submittedMs + rng.int(1, 3) * DAY_MS);
    requests.push({
      id,
      returnID: `RET-${String(1001 + i)}`,
      companyName: customer.name,
      orderNum: order?.orderNumber ?? "",
      status,
      email: customerEmail(customer),
      phone: phoneFor(customer.state, 17 * i + 3),
      location: order?.location ?? "NY-MAIN",
      submittedAt: iso(submittedMs),
      remarks: RETURN_REMARKS[status] ?? "",
      address: [
        {
          street: customer.street,
          ...(customer.street2 ? { street2: customer.street2 } : {}),
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
        },
      ],
      productImages: [],
      defectImages: [],
      updatedAt: iso(decided ? decisionMs : submittedMs),
    });
    const skus = order?.skus.length ? order.skus : [rng.pick(PRODUCTS).sku];
    const picked = skus.slice(0, rng.int(1, 3));
    requests[requests.length - 1]!.itemCount = picked.length;
    requests[requests.length - 1]!.source = "seed";
    picked.forEach((sku, position) => {
      const product = PRODUCTS.find((p) => p.sku === sku)!;
      const reason = rng.pick(RETURN_REASONS);
      const itemStatus =
        status === "approved" ? (position === 2 ? "declined" : "approved") : status === "declined" ? "declined" : "pending";
      items.push({
        returnId: id,
        position,
        sku,
        description: product.description,
        count: rng.int(1, 6),
        reason,
        customReason: reason === "Other" ? rng.pick(RETURN_CUSTOM_REASONS) : "",
        comments: rng.chance(0.5) ? "Photos taken at the customer's back door." : "",
        uploadedImages: [],
        status: itemStatus,
        decisionDate: itemStatus === "pending" ? null : iso(decisionMs),
        remarks: itemStatus === "approved" ? "Restock after inspection." : itemStatus === "declined" ? "No damage visible in photos." : "",
      });
    });
  });
  return { requests, items };
}
