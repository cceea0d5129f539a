// GET /lookups: the order types workers choose from, at the top level and under data (spec 002 §7).
// Admins only: it serves the Workers screen.
import { policies } from "~/domain/access/policy";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { apiRoute } from "~/lib/route.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: () => ({ success: true, orderType: [...ORDER_TYPES], data: { orderType: [...ORDER_TYPES] } }),
});

export const loader = route.loader;
export const action = route.action;
