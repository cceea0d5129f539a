// Ends the session in the browser when the server session's expiry passes (checked every 30 s, and
// whenever the tab becomes visible again: a phone in a pocket does not run timers).
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { loginRedirect, sessionExpired } from "~/domain/shell/viewer";

export const SESSION_CHECK_MS = 30_000;

/**
 * `serverNow` is the server's clock when the page loaded: the check runs on server time, so a phone
 * whose clock is ahead never bounces between /login (session still valid) and the page (expired).
 */
export function useSessionWatch(sessionExp: string, serverNow: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  here.current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    const skew = Date.parse(serverNow) - Date.now();
    const offset = Number.isFinite(skew) ? skew : 0;
    function check() {
      if (sessionExpired(sessionExp, new Date(Date.now() + offset))) navigate(loginRedirect(here.current), { replace: true });
    }
    check();
    const timer = window.setInterval(check, SESSION_CHECK_MS);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // serverNow changes on every revalidation; the skew it measures does not need a new timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionExp, navigate]);
}
