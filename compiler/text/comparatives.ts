import type { Template } from "./lexicon.ts";
import { literalAt as word, type Word } from "./words.ts";

// Comparatives card text uses interchangeably: "lower" and "less" say the same of a number, and so do
// "higher", "greater" and "more" ("with 1 Force or greater", "with Force less than his Chi",
// "with greater Chi").  A declared phrase written with one reads the others, so the rules declare each
// comparison once, in any of its words.  ("Fewer" counts things, "with fewer Weapons", and is its own.)
const SAME = new Map<string, string>([
  ["less", "lower"],
  ["lower", "lower"],
  ["greater", "higher"],
  ["more", "higher"],
  ["higher", "higher"],
]);

/** Does a word of card text read as a template's literal word?  (Asked for every word the matcher
 *  tries, so a word that is no comparative is settled by one lookup.) */
export function readsAs(word: string | null, lit: string): boolean {
  if (word === lit) return true;
  if (word === null) return false;
  const same = SAME.get(word);
  return same !== undefined && same === SAME.get(lit);
}

/** What a word reads as: `readsAs(w, lit)` holds exactly when `readingOf(w) === readingOf(lit)` (one
 *  comparative for its family, any other word for itself), so words can be looked up by it. */
export function readingOf(word: string): string {
  return SAME.get(word) ?? word;
}

/** "with a lower Focus Value than his Chi": an article between "with" and a comparative the template
 *  writes without one ("with lower {s} than {o}") says nothing more, and is passed over. */
export function articleBeforeComparative(template: Template, part: number, words: readonly Word[], pos: number): boolean {
  const w = word(words, pos);
  if ((w !== "a" && w !== "an") || part === 0) return false;
  const before = template.parts[part - 1]!;
  const here = template.parts[part]!;
  return "lit" in before && before.lit === "with" && "lit" in here && SAME.has(here.lit) && readsAs(word(words, pos + 1), here.lit);
}
