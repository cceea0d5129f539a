// Home page module cards, shortcuts and the module search (spec 000 section 2, 'Home page'). Cards and shortcuts
// come from the area registry (app/domain/access/areas.ts): a viewer is offered those whose route opens for them.
import { areasFor, type AreaViewer } from "~/domain/access/areas";

export type ModuleCard = { id: string; title: string; description: string; path: string };
export type Shortcut = { id: string; label: string; path: string };

/** The cards of the areas listed for the viewer (a shared picking phone: the picking screen alone). */
export function moduleCards(viewer: AreaViewer): ModuleCard[] {
  return areasFor(viewer).flatMap((area) => (area.card ? [{ id: area.id, title: area.card.title, description: area.card.description, path: area.path }] : []));
}

/** The shortcuts of the areas listed for the viewer, in the spec's order. */
export function shortcuts(viewer: AreaViewer): Shortcut[] {
  return areasFor(viewer)
    .flatMap((area) => area.shortcuts ?? [])
    .sort((a, b) => a.position - b.position)
    .map(({ id, label, path }) => ({ id, label, path }));
}

/** Case-insensitive match on title, description or path; a blank query keeps every card. */
export function searchModules<T extends Pick<ModuleCard, "title" | "description" | "path">>(cards: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...cards];
  return cards.filter((c) => [c.title, c.description, c.path].some((field) => field.toLowerCase().includes(q)));
}

/** The line under the search box; null while the box is blank. */
export function searchSummary(count: number, query: string): string | null {
  const q = query.trim();
  if (!q) return null;
  if (count === 0) return "No modules found";
  return `Found ${count} module(s) matching "${q}"`;
}

/** Enter navigates only when the search leaves exactly one card. */
export function enterTarget(matches: readonly Pick<ModuleCard, "path">[]): string | null {
  return matches.length === 1 ? matches[0]!.path : null;
}
