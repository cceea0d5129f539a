// Who receives a pick list (release order) email: the warehouse's routing (keyed by location id or name)
// plus the default CC. Pure, so the rule is tested on its own.

export type RoutingEntry = { key: string; enabled: boolean; to: string[]; cc: string[] };
export type Recipients = { to: string[]; cc: string[]; routingKey: string };

function clean(list: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of list) {
    const a = String(raw ?? "").trim();
    // Admin chip inputs keep invalid entries; only addresses with an '@' are ever sent (spec 002 §5).
    if (!a.includes("@") || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

/**
 * The routing entry for a warehouse: its location id first, then its name (admins may key by either),
 * compared without case or surrounding spaces. Null when none is configured.
 */
export function findRouting(entries: readonly RoutingEntry[], location: { id?: string | null; name?: string | null }): RoutingEntry | null {
  const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();
  for (const want of [norm(location.id), norm(location.name)]) {
    if (!want) continue;
    const hit = entries.find((e) => norm(e.key) === want);
    if (hit) return hit;
  }
  return null;
}

/**
 * Null means 'no email recipients': no routing, routing disabled (enabled is true unless explicitly false),
 * or no 'To' address. CC is the routing's CC plus the default CC, without anyone already in To.
 */
export function resolveRecipients(
  entries: readonly RoutingEntry[],
  location: { id?: string | null; name?: string | null },
  defaultCc: readonly string[],
): Recipients | null {
  const routing = findRouting(entries, location);
  if (!routing || routing.enabled === false) return null;
  const to = clean(routing.to);
  if (!to.length) return null;
  const inTo = new Set(to.map((a) => a.toLowerCase()));
  const cc = clean([...routing.cc, ...defaultCc]).filter((a) => !inTo.has(a.toLowerCase()));
  return { to, cc, routingKey: routing.key };
}
