// The driver's route rules (app/domain/delivery/route.ts): the planning screen's list edits, the nearest-neighbour
// sort from the warehouse, and the plan's date and repeat checks, table-driven.
import { describe, expect, it } from "vitest";
import { addStop, haversineKm, isPlanDate, moveStop, removeStop, repeatedStop, sameStops, sortByDistance } from "~/domain/delivery/route";

describe("list edits", () => {
  it.each([
    ["add to the end", addStop([1, 2], 3), [1, 2, 3]],
    ["add once only", addStop([1, 2], 2), [1, 2]],
    ["remove", removeStop([1, 2, 3], 2), [1, 3]],
    ["remove a stranger", removeStop([1, 2], 9), [1, 2]],
    ["move up", moveStop([1, 2, 3], 2, 1), [1, 3, 2]],
    ["move down", moveStop([1, 2, 3], 0, 1), [2, 1, 3]],
    ["move up from the top stays", moveStop([1, 2, 3], 0, -1), [1, 2, 3]],
    ["move down from the bottom stays", moveStop([1, 2, 3], 2, 3), [1, 2, 3]],
    ["drag to the top", moveStop([1, 2, 3, 4], 3, 0), [4, 1, 2, 3]],
    ["a missing index changes nothing", moveStop([1, 2], 5, 0), [1, 2]],
  ])("%s", (_name, got, want) => {
    expect(got).toEqual(want);
  });

  it.each([
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 2], false],
    [[], [], true],
  ])("sameStops(%j, %j) is %s", (a, b, want) => {
    expect(sameStops(a, b)).toBe(want);
  });

  it.each([
    [[1, 2, 3], null],
    [[1, 2, 1], 1],
    [[], null],
  ])("repeatedStop(%j) is %s", (ids, want) => {
    expect(repeatedStop(ids)).toBe(want);
  });

  it.each([
    ["2026-11-27", true],
    ["2026-02-29", false],
    ["2026-2-1", false],
    ["today", false],
  ])("isPlanDate(%s) is %s", (value, want) => {
    expect(isPlanDate(value)).toBe(want);
  });
});

describe("sort by distance from the warehouse", () => {
  const warehouse = { lat: 40.7684, lng: -73.5251 }; // Hicksville, NY
  it("measures a known distance (Hicksville to Flushing, about 26 km)", () => {
    expect(haversineKm(warehouse, { lat: 40.7675, lng: -73.833 })).toBeGreaterThan(24);
    expect(haversineKm(warehouse, { lat: 40.7675, lng: -73.833 })).toBeLessThan(28);
    expect(haversineKm(warehouse, warehouse)).toBe(0);
  });

  it.each([
    {
      name: "walks to the nearest stop each time",
      stops: [
        { id: "far", point: { lat: 40.9, lng: -73.5 } },
        { id: "near", point: { lat: 40.78, lng: -73.52 } },
        { id: "mid", point: { lat: 40.83, lng: -73.51 } },
      ],
      want: ["near", "mid", "far"],
    },
    {
      name: "stops without a map point keep their order at the end",
      stops: [
        { id: "a", point: null },
        { id: "b", point: { lat: 40.8, lng: -73.5 } },
        { id: "c", point: null },
      ],
      want: ["b", "a", "c"],
    },
    { name: "an empty route", stops: [], want: [] },
  ])("$name", ({ stops, want }) => {
    expect(sortByDistance(warehouse, stops).map((s) => s.id)).toEqual(want);
  });

  it("with no warehouse point keeps the placed stops' order", () => {
    const stops = [{ id: 1, point: { lat: 1, lng: 1 } }, { id: 2, point: null }, { id: 3, point: { lat: 0, lng: 0 } }];
    expect(sortByDistance(null, stops).map((s) => s.id)).toEqual([1, 3, 2]);
  });
});
