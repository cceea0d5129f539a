// The post-login target carried across the OAuth round trip in a short-lived cookie.
import type { AppContext } from "./context.server";
import { readCookie, sessionCookie, clearCookie } from "./session.server";
import { safeRedirectTarget } from "~/domain/access/redirect";

export const POST_LOGIN_COOKIE = "__post_login";

export function postLoginCookie(ctx: AppContext, target: string) {
  return sessionCookie(ctx, POST_LOGIN_COOKIE, safeRedirectTarget(target), 600);
}

export function readPostLogin(request: Request) {
  return safeRedirectTarget(readCookie(request, POST_LOGIN_COOKIE));
}

export function clearPostLogin(ctx: AppContext) {
  return clearCookie(ctx, POST_LOGIN_COOKIE);
}
