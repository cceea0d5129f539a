// POST /logout: ends the staff session (and the device's passcode session) and returns to /login.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { destroySession, PASSCODE_COOKIE, STAFF_COOKIE } from "~/lib/session.server";

export const policy = policies.public;

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await authorize(request, context, policy);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.app, request, STAFF_COOKIE));
  headers.append("Set-Cookie", await destroySession(context.app, request, PASSCODE_COOKIE));
  return redirect("/login", { headers });
}
