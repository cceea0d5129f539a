// Order Tracking's first screen (issue 25, decision 045): a long page (a warehouse employee's 500 rows) comes
// with the document as its first rows only, and the screen asks /api for the whole page once it runs. Short
// pages (25 rows) come whole, as before.

/** Rows of a long page in the document: more than two phone screens of cards and a desktop screen of rows. */
export const FIRST_SCREEN_ROWS = 50;

/** The limit the page loader asks for: the page itself when it is short, else its first screen. */
export function firstScreenLimit(pageSize: number): number {
  return Math.min(pageSize, FIRST_SCREEN_ROWS);
}

/** The first screen's pagination told in the page's own size, so the pager reads as it will once the rest is in. */
export function paginationOfPage<P extends { total: number; pages: number }>(pagination: P, pageSize: number): P & { limit: number } {
  return { ...pagination, pages: Math.max(1, Math.ceil(pagination.total / pageSize)), limit: pageSize };
}

/** Whether rows of the first page are still to come after `sent` of them (page 1 holds min(total, pageSize)). */
export function restOfPageToCome(sent: number, total: number, pageSize: number): boolean {
  return Math.min(total, pageSize) > sent;
}

/** The rest of a long first page is asked for while the end of its first screen is this far below the viewport. */
export const REST_MARGIN = "1500px";
