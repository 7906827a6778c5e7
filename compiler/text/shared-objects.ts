// Two cards sharing one verb and what follows them: "Give him and each of his Followers +1F", "Give a
// target Personality and each of his Followers Cavalry".  Read as the same effect on each, in turn (the
// second names its cards after the first, so "his" there is the first card).
import type { Word } from "./words.ts";
import { literalAt } from "./words.ts";

/**
 * The two effects "<verb> A and B <rest>" stands for, "<verb> A <rest>" and "<verb> B <rest>", when both
 * read (`read` says whether a clause reads); the verb is the first word.  Null when none does.
 * `nounEnds(from)`: where a card or player phrase from `from` may end; B is one, so only those ends are
 * tried (a long clause that reads no way would otherwise be read again at every word).
 */
export function sharedObjects<T>(words: readonly Word[], read: (words: Word[]) => T | null, nounEnds: (from: number) => ReadonlySet<number>): [T, T] | null {
  const verb = words.slice(0, 1);
  for (let i = 2; i < words.length - 2; i++) {
    if (literalAt(words, i) !== "and") continue;
    const first = words.slice(1, i);
    const ends = nounEnds(i + 1);
    // the rest: what follows B, tried from the shortest (B is the longest noun phrase that reads)
    for (let j = words.length - 1; j >= i + 2; j--) {
      if (!ends.has(j)) continue;
      const rest = words.slice(j);
      const a = read([...verb, ...first, ...rest]);
      if (!a) continue;
      const b = read([...verb, ...words.slice(i + 1, j), ...rest]);
      if (b) return [a, b];
    }
  }
  return null;
}
