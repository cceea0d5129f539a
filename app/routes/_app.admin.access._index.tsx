// /admin/access: redirects to /admin/access/users (spec 002 §2).
import { redirect } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.admin;

export const loader = pageLoader(policy, () => redirect("/admin/access/users"));

export const action = noAction(policy);
