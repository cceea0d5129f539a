// Order Tracking's first screen (decision 045): a long page comes with the document as its first 50 rows, its
// pager told in the page's own size, and the screen knows whether the rest of the page is still to ask.
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_ROWS, firstScreenLimit, paginationOfPage, restOfPageToCome } from "~/components/orders/first-screen";

describe("the limit the page loader asks for", () => {
  it.each<[string, number, number]>([
    ["a short page (25) comes whole", 25, 25],
    ["a page of exactly the first screen comes whole", FIRST_SCREEN_ROWS, FIRST_SCREEN_ROWS],
    ["a warehouse page (500) comes as its first screen", 500, FIRST_SCREEN_ROWS],
  ])("%s", (_name, pageSize, limit) => {
    expect(firstScreenLimit(pageSize)).toBe(limit);
  });
});

describe("the first screen's pager, in the page's size", () => {
  it.each<[string, { page: number; pages: number; total: number; limit: number }, number, { pages: number; limit: number }]>([
    ["380 orders are one warehouse page, not eight screens", { page: 1, pages: 8, total: 380, limit: 50 }, 500, { pages: 1, limit: 500 }],
    ["1,200 orders are three warehouse pages", { page: 1, pages: 24, total: 1200, limit: 50 }, 500, { pages: 3, limit: 500 }],
    ["no orders are still one page", { page: 1, pages: 1, total: 0, limit: 50 }, 500, { pages: 1, limit: 500 }],
    ["a short page's pager is unchanged", { page: 1, pages: 4, total: 80, limit: 25 }, 25, { pages: 4, limit: 25 }],
  ])("%s", (_name, pagination, pageSize, expected) => {
    expect(paginationOfPage(pagination, pageSize)).toEqual({ ...pagination, ...expected });
  });
});

describe("whether the rest of the first page is still to come", () => {
  it.each<[string, number, number, number, boolean]>([
    ["50 of 380 on a page of 500: the rest comes", 50, 380, 500, true],
    ["50 of 1,200 on a page of 500: the rest of the page comes", 50, 1200, 500, true],
    ["all 30 of 30: nothing more", 30, 30, 500, false],
    ["exactly 50 of 50: nothing more", 50, 50, 500, false],
    ["a whole short page of 25 (of 80): the next page is the pager's", 25, 80, 25, false],
  ])("%s", (_name, sent, total, pageSize, expected) => {
    expect(restOfPageToCome(sent, total, pageSize)).toBe(expected);
  });
});
