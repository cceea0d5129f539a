// The seeded customer applications, in every status.
import type * as s from "../schema";
import { APPLICANTS } from "../seed-data";
import { createRandom } from "./random";
import { DAY_MS, MINUTE_MS, iso, phoneFor, slug } from "./values";

const APPLICATION_REMARKS: Record<string, string> = {
  Approved: "Credit check passed; Net 30 approved.",
  Declined: "Could not verify the resale certificate.",
  Completed: "Account created in QuickBooks.",
};

export function buildApplications(nowMs: number) {
  const rng = createRandom(0x5eed0003);
  const statuses = [
    "Pending",
    "Approved",
    "Pending",
    "Declined",
    "Completed",
    "Approved",
    "Pending",
    "Approved",
    "Completed",
    "Pending",
  ] as const;
  return APPLICANTS.map((a, i): typeof s.customerApplications.$inferInsert => {
    const status = statuses[i % statuses.length]!;
    const createdMs = nowMs - (APPLICANTS.length - i) * 2 * DAY_MS - rng.int(0, 600) * MINUTE_MS;
    const decided = status !== "Pending";
    return {
      id: i + 1,
      companyID: status === "Approved" || status === "Completed" ? `GG-C-${2041 + i}` : null,
      companyName: a.companyName,
      email: `${slug(a.ownerName.split(" ")[0]!)}@${slug(a.companyName)}.example`,
      phoneNumber: phoneFor(a.state, 31 * i + 7),
      ownerName: a.ownerName,
      ownerNumber: phoneFor(a.state, 43 * i + 11),
      status,
      remarks: APPLICATION_REMARKS[status] ?? "",
      decisionDate: decided ? iso(Math.min(nowMs, createdMs + rng.int(1, 3) * DAY_MS)) : null,
      addresses: [{ street: a.street, city: a.city, state: a.state, postalCode: a.postalCode }],
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    };
  });
}
