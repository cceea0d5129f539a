// Who can sign in to the seeded company: the accounts, the picklist passcodes (one documented code) and the
// local integration key.
import type { RoleId } from "../../app/domain/access/roles";
import { ORDER_TYPES } from "../../app/domain/orders/constants";
import { hashPasscode, sha256Hex } from "../../app/lib/crypto.server";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import type * as s from "../schema";
import { DAY_MS, MINUTE_MS, iso } from "./values";

export const DOMAIN = LOCAL_DEFAULTS.COMPANY_DOMAIN;

export const DOCUMENTED_PASSCODE = "RICE-2468";
/**
 * The local integration key (README, scripts/send-sample-batch.ts): every kind of data, every warehouse, the
 * 'inventory' system's ids. A development database's key only; production keys are made in the admin panel.
 */
export const SEEDED_INTEGRATION_KEY = "gg_live_localdev0001_RiceOpsLocalSampleKey-NotForProduction-0001";

export type SeededAccount = { email: string; name: string; roleId: RoleId; locationIds: string[]; orderTypes: string[] };

/** The people who can sign in through the local identity provider; the first five are the documented ones. */
export const SEEDED_ACCOUNTS: readonly SeededAccount[] = [
  {
    email: `admin@${DOMAIN}`,
    name: "Alice Admin",
    roleId: "admin",
    locationIds: ["NY-MAIN", "NJ-WH", "FL-DIST"],
    orderTypes: [...ORDER_TYPES],
  },
  {
    email: `logistics@${DOMAIN}`,
    name: "Leo Logistics",
    roleId: "logistics-manager",
    locationIds: ["NY-MAIN", "NJ-WH", "FL-DIST"],
    orderTypes: [...ORDER_TYPES],
  },
  { email: `sales@${DOMAIN}`, name: "Sam Sales", roleId: "sales-rep", locationIds: ["NY-MAIN", "NJ-WH"], orderTypes: [...ORDER_TYPES] },
  {
    email: `warehouse@${DOMAIN}`,
    name: "Wendy Warehouse",
    roleId: "warehouse-employee",
    locationIds: ["NY-MAIN"],
    orderTypes: [...ORDER_TYPES],
  },
  {
    email: `driver@${DOMAIN}`,
    name: "Dan Driver",
    roleId: "delivery-driver",
    locationIds: ["NY-MAIN", "NJ-WH"],
    orderTypes: ["NY/NJ Delivery", "VA Delivery"],
  },
  { email: `sara@${DOMAIN}`, name: "Sara Santos", roleId: "sales-rep", locationIds: ["NY-MAIN", "FL-DIST"], orderTypes: [...ORDER_TYPES] },
  { email: `marco@${DOMAIN}`, name: "Marco Rossi", roleId: "warehouse-employee", locationIds: ["NJ-WH"], orderTypes: [...ORDER_TYPES] },
  {
    email: `diego@${DOMAIN}`,
    name: "Diego Diaz",
    roleId: "delivery-driver",
    locationIds: ["NJ-WH", "FL-DIST"],
    orderTypes: ["TX Delivery", "LAX Delivery", "SAC Delivery", "OAK Delivery", "SD Delivery", "CO Delivery"],
  },
];

export const SALES_REPS = SEEDED_ACCOUNTS.filter((a) => a.roleId === "sales-rep");
export const LOGISTICS = SEEDED_ACCOUNTS.find((a) => a.roleId === "logistics-manager")!;
export const ADMIN = SEEDED_ACCOUNTS.find((a) => a.roleId === "admin")!;

export async function buildPasscodes(nowMs: number, pepper: string) {
  const codes = [
    {
      label: "Main floor phones",
      code: DOCUMENTED_PASSCODE,
      active: true,
      locations: ["NY-MAIN"],
      ageDays: 6,
      usageCount: 42,
      lastUsedHoursAgo: 2,
      expiresInHours: null,
    },
    {
      label: "All warehouses",
      code: "PICK-1357",
      active: true,
      locations: [],
      ageDays: 12,
      usageCount: 17,
      lastUsedHoursAgo: 20,
      expiresInHours: null,
    },
    {
      label: "Temp crew - inventory count",
      code: "TEMP-9090",
      active: false,
      locations: ["NJ-WH"],
      ageDays: 20,
      usageCount: 5,
      lastUsedHoursAgo: 400,
      expiresInHours: null,
    },
    // Active and older than 30 days: the admin table shows the 'Rotate' badge on it.
    {
      label: "NJ dock tablet",
      code: "DOCK-4821",
      active: true,
      locations: ["NJ-WH"],
      ageDays: 45,
      usageCount: 230,
      lastUsedHoursAgo: 5,
      expiresInHours: null,
    },
    {
      label: "FL seasonal crew",
      code: "FLSEA-7310",
      active: true,
      locations: ["FL-DIST"],
      ageDays: 2,
      usageCount: 0,
      lastUsedHoursAgo: null,
      expiresInHours: 72,
    },
  ];
  return Promise.all(
    codes.map(
      async (c, i): Promise<typeof s.passcodes.$inferInsert> => ({
        id: i + 1,
        label: c.label,
        codeHash: await hashPasscode(c.code, pepper),
        codeHint: c.code.slice(-2),
        active: c.active,
        usageCount: c.usageCount,
        lastUsedAt: c.lastUsedHoursAgo === null ? null : iso(nowMs - c.lastUsedHoursAgo * 60 * MINUTE_MS),
        expiresAt: c.expiresInHours === null ? null : iso(nowMs + c.expiresInHours * 60 * MINUTE_MS),
        locations: c.locations,
        createdBy: ADMIN.email,
        createdAt: iso(nowMs - c.ageDays * DAY_MS),
        updatedAt: iso(nowMs - c.ageDays * DAY_MS),
      })
    )
  );
}

export async function seededIntegrationKey(nowMs: number): Promise<typeof s.integrationKeys.$inferInsert> {
  const [, publicId, secret] = /^gg_live_([a-z0-9]{12})_(.{43})$/.exec(SEEDED_INTEGRATION_KEY)!;
  return {
    id: 1,
    publicId: publicId!,
    label: "Inventory system (local)",
    sourceSystem: "inventory",
    secretHash: await sha256Hex(secret!),
    secretHint: secret!.slice(-4),
    kinds: ["orders", "products", "stock", "locations"],
    locations: [],
    createdBy: ADMIN.email,
    createdAt: iso(nowMs - 30 * DAY_MS),
    updatedAt: iso(nowMs - 30 * DAY_MS),
  };
}
