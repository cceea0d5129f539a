// Which layout the server renders a list in before the page's script runs. Chromium says on every request whether
// it is a phone (the low-entropy client hint `Sec-CH-UA-Mobile`, sent without asking): then the server renders the
// phone's cards only, or the desktop's table only, instead of both with CSS showing one. Half the rows to send, to
// hydrate and then to drop. A browser that does not say (Safari, Firefox) still gets both, as before; the screen's
// real width decides once the script runs, so a narrow desktop window only swaps later.
export type LayoutHint = "narrow" | "wide" | null;

export function layoutHint(headers: Headers): LayoutHint {
  const mobile = headers.get("sec-ch-ua-mobile")?.trim();
  return mobile === "?1" ? "narrow" : mobile === "?0" ? "wide" : null;
}
