// The pure rules of a driver's route (issue 24): the stop list edits the planning screen makes (add, remove,
// move), the stale-plan check, and 'sort by distance from the warehouse' as a nearest-neighbour walk.
export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres (haversine): close enough for stops a truck drives between. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The stops ordered by a nearest-neighbour walk from the warehouse: each next stop is the closest one to the
 * stop before (ties: the earlier in the given list). Not the shortest route, but a sensible one a planner
 * then adjusts; stops with no map point keep their relative order at the end.
 */
export function sortByDistance<T extends { point: LatLng | null }>(start: LatLng | null, stops: readonly T[]): T[] {
  const placed = stops.filter((s) => s.point);
  const unplaced = stops.filter((s) => !s.point);
  if (!start) return [...placed, ...unplaced];
  const out: T[] = [];
  let here = start;
  const left = [...placed];
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (haversineKm(here, left[i]!.point!) < haversineKm(here, left[best]!.point!)) best = i;
    }
    const [next] = left.splice(best, 1);
    out.push(next!);
    here = next!.point!;
  }
  return [...out, ...unplaced];
}

/** The list with `id` added at the end (once). */
export function addStop(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

export function removeStop(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** The list with the stop at `from` moved to `to` (clamped): Move up is (i, i-1), a drag is (from, drop). */
export function moveStop(ids: readonly number[], from: number, to: number): number[] {
  if (from < 0 || from >= ids.length) return [...ids];
  const target = Math.max(0, Math.min(ids.length - 1, to));
  const out = [...ids];
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved!);
  return out;
}

export function sameStops(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** An order id listed twice in one plan: the first repeated one, or null. */
export function repeatedStop(ids: readonly number[]): number | null {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

/** A company day as the plan stores it: YYYY-MM-DD that is a real calendar date. */
export function isPlanDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The proof a stop needs, in the driver's words, in the wizard's order. */
export function proofLabels(required: { receiverName: boolean; signature: boolean; photo: boolean; codPhoto: boolean }): string[] {
  const out: string[] = [];
  if (required.receiverName) out.push("Receiver name");
  if (required.signature) out.push("Signature");
  if (required.photo) out.push("Photo");
  if (required.codPhoto) out.push("COD photo");
  return out;
}
