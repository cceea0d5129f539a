// What 'fits' means for a screen (issue 14, issue 24): no sideways page scroll, no box sticking out of the
// screen, nothing cut off sideways, and on a phone every target at least 44 × 44 px. Shared by the one walk over
// every screen (a11y.spec.ts, which also runs axe there) and the fit journeys of single layouts (fit.spec.ts).
import type { Page } from "@playwright/test";
import { expect, isPhone } from "./fixtures";

/**
 * Visible interactive elements smaller than 44 × 44 px. No allowance, not even a link inside a sentence (WCAG
 * 2.5.8 would let that one be as small as its line): every link on these screens is a full target (issue 24).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], summary';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // not drawn, or visually hidden until focused (skip link)
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[aria-hidden='true'], [inert]")) continue;
      // A target may be small when its padding-box hit area (via an ancestor label) is big enough.
      const label = el.closest("label");
      const box = label ? label.getBoundingClientRect() : r;
      if (box.width < 44 - 0.5 || box.height < 44 - 0.5) {
        const name = el.getAttribute("aria-label") || el.textContent?.trim().slice(0, 30) || el.getAttribute("name") || el.tagName.toLowerCase();
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  });
}

/**
 * Boxes whose content is cut off sideways: a clipping or scrolling element whose content is wider than it,
 * and text cut by `text-overflow: ellipsis` without the whole value in a title. A sideways scroller meant as
 * one (a row of chips) says so with `data-scroll-x`.
 */
export async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest("[aria-hidden='true'], [data-scroll-x], .sr-only")) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "visible" || el.scrollWidth <= el.clientWidth + 1) continue;
      if (style.textOverflow === "ellipsis" && (el.title || el.closest("[title]"))) continue;
      const name = el.getAttribute("aria-label") || el.getAttribute("data-testid") || el.textContent?.trim().slice(0, 30) || el.tagName.toLowerCase();
      out.push(`${el.tagName.toLowerCase()} "${name}" ${el.clientWidth} < ${el.scrollWidth}`);
    }
    return out;
  });
}

/**
 * Boxes that stick out of the viewport sideways, which makes the page wider than the phone even where the page
 * does not scroll (a row of section chips 4 px wider than the screen on each side). A box inside a scroller or
 * a clipping box is that box's business (clipped() judges those).
 */
export async function overhanging(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    // The screen's width, not innerWidth: a phone (isMobile) widens its layout viewport to fit a page that is too wide,
    // so innerWidth grows with the overflow it should reveal (Return Forms' toolbar at 430 px passed on a 390 px phone).
    const width = document.documentElement.clientWidth;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest("[aria-hidden='true'], .sr-only")) continue;
      if (r.left >= -0.5 && r.right <= width + 0.5) continue;
      let inScroller = false;
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== "visible") inScroller = true;
      if (inScroller) continue;
      const name = el.getAttribute("aria-label") || el.getAttribute("data-testid") || el.textContent?.trim().slice(0, 30) || el.tagName.toLowerCase();
      out.push(`${el.tagName.toLowerCase()} "${name}" from ${Math.round(r.left)} to ${Math.round(r.right)} px`);
    }
    return out;
  });
}

/** Every fit check of a screen as it stands now. */
export async function expectFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(1);
  expect(await overhanging(page), "boxes wider than the screen").toEqual([]);
  expect(await clipped(page), "content cut off sideways").toEqual([]);
  if (isPhone(page)) expect(await smallTargets(page)).toEqual([]);
}
