// How old the screen on show is (keptCopyTime), and the driver's stops forgotten at Log Out (forgetDeliveryCopies).
import { describe, expect, it } from "vitest";
import { COPY_AFTER_MS, keptCopyTime } from "~/domain/shell/copy-age";
import { DELIVERY_COPY_PREFIX, forgetDeliveryCopies } from "~/lib/floor-copies";

describe("keptCopyTime", () => {
  const now = Date.parse("2026-11-28T15:30:00Z");
  it.each([
    ["no time given", null, null],
    ["rendered just now: fresh", new Date(now - 5_000).toISOString(), null],
    ["a little under the threshold: fresh", new Date(now - COPY_AFTER_MS + 1_000).toISOString(), null],
    ["a phone clock behind the server: fresh", new Date(now + 60_000).toISOString(), null],
    ["a copy from this morning", "2026-11-28T14:41:00Z", "9:41 AM"],
    ["a copy from yesterday", "2026-11-27T22:05:00Z", "Nov 27, 5:05 PM"],
    ["not a time", "soon", null],
  ])("%s", (_name, servedAt, expected) => expect(keptCopyTime(servedAt, now, "America/New_York")).toBe(expected));
});

describe("forgetDeliveryCopies", () => {
  function storage(entries: Record<string, string>) {
    const map = new Map(Object.entries(entries));
    return {
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  }

  it("deletes every stop's copy and nothing else", () => {
    const s = storage({ [`${DELIVERY_COPY_PREFIX}SO-1`]: "{}", [`${DELIVERY_COPY_PREFIX}SO-2`]: "{}", "pick-view": "compact", "delivery-step:SO-1": "3" });
    forgetDeliveryCopies(s);
    expect([...s.map.keys()]).toEqual(["pick-view", "delivery-step:SO-1"]);
  });

  it("storage that throws or is missing is left alone", () => {
    expect(() => forgetDeliveryCopies(null)).not.toThrow();
    expect(() => forgetDeliveryCopies({ length: 1, key: () => { throw new Error("blocked"); }, removeItem: () => undefined })).not.toThrow();
  });
});
