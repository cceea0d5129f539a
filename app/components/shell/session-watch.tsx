// Ends the session in the browser when the server session's expiry passes (checked every 30 s, and
// whenever the tab becomes visible again: a phone in a pocket does not run timers).
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { loginRedirect, sessionExpired } from "~/domain/shell/viewer";

export const SESSION_CHECK_MS = 30_000;

export function useSessionWatch(sessionExp: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  here.current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    function check() {
      if (sessionExpired(sessionExp, new Date())) navigate(loginRedirect(here.current), { replace: true });
    }
    check();
    const timer = window.setInterval(check, SESSION_CHECK_MS);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [sessionExp, navigate]);
}
