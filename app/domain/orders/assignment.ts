// Who a warehouse assignment label names (spec 001 §6): a worker sees the orders whose labels carry
// their e-mail, one of their worker names, their full name or their first name — each as whole words,
// case-insensitive. The server applies the same rule in SQL through a word index (orders.server.ts).

export type Assignee = { email: string; name: string; workerNames: string[] };

/** Lower-case words of a label: letters and digits, accents removed ('Released by: Wendy' → released, by, wendy). */
export function labelWords(label: string): string[] {
  return label
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The phrases that identify a person in a label: their e-mail, the worker names mapped to that e-mail,
 * their name and first name. Phrases shorter than two characters are dropped (an initial matches too much).
 */
export function assigneePhrases(who: Assignee): string[][] {
  const first = who.name.trim().split(/\s+/)[0] ?? "";
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const candidate of [who.email, ...who.workerNames, who.name, first]) {
    const words = labelWords(candidate ?? "");
    const key = words.join(" ");
    if (key.length < 2 || seen.has(key)) continue;
    seen.add(key);
    out.push(words);
  }
  return out;
}

function containsPhrase(words: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** True when one of the labels names the person (e-mail inside it, a worker name, name or first name). */
export function matchesAssignee(labels: readonly string[], who: Assignee): boolean {
  const phrases = assigneePhrases(who);
  if (!phrases.length) return false;
  return labels.some((label) => {
    const words = labelWords(label);
    return phrases.some((p) => containsPhrase(words, p));
  });
}
