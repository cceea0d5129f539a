// Post-login redirect targets: only same-origin paths. '//evil' and '/\evil' are other origins to a browser.
export function safeRedirectTarget(target: string | null | undefined, fallback = "/"): string {
  if (!target || typeof target !== "string") return fallback;
  const t = target.trim();
  if (!t.startsWith("/") || t.startsWith("//") || t.startsWith("/\\")) return fallback;
  // Control characters (a header-splitting or log-forging attempt) are exactly what this refuses.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(t)) return fallback;
  if (t === "/login" || t.startsWith("/login?") || t.startsWith("/login#") || t.startsWith("/auth/")) return fallback;
  return t;
}
