// The pick path: bins in the warehouse's walking order (aisle, bay, level) and the line list sorted along it or
// as the order lists it. Pure and client-safe.

/** Splits a bin into text and number parts ('A-03-2' → ['a', 3, 2]) so A-10 comes after A-9. */
function binParts(bin: string): (string | number)[] {
  return (bin.toLowerCase().match(/\d+|[a-z]+/g) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Compares two bins in walking order: aisle, then bay, then level; lines without a bin go last. */
export function compareBins(a: string | null | undefined, b: string | null | undefined): number {
  if (!a?.trim() || !b?.trim()) return !a?.trim() && !b?.trim() ? 0 : !a?.trim() ? 1 : -1;
  const pa = binParts(a);
  const pb = binParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    if (typeof x === typeof y) return x < y ? -1 : 1;
    return typeof x === "number" ? -1 : 1;
  }
  return 0;
}

export type LineSort = "path" | "order";
export const LINE_SORTS: readonly { value: LineSort; label: string }[] = [
  { value: "path", label: "Pick path" },
  { value: "order", label: "Order" },
];

/** The lines in pick-path order (stable: equal bins keep the order's sequence), or as the order lists them. */
export function sortLines<T extends { bin: string | null }>(lines: readonly T[], sort: LineSort): T[] {
  if (sort === "order") return [...lines];
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => compareBins(a.line.bin, b.line.bin) || a.i - b.i)
    .map(({ line }) => line);
}
