// A search field of its own that keeps what was typed before the page's script ran (use-hydrated.ts). Apart from
// use-hydrated so the screens that have no such field do not load it with every page (Home's first-load budget).
import { useRef, type RefObject } from "react";
import { useTypedBeforeHydration } from "./use-hydrated";

/** `useTypedBeforeHydration` for a field of its own: the ref to put on it. */
export function useKeptTyping(adopt: (value: string) => void): RefObject<HTMLInputElement> {
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, adopt);
  return field;
}
