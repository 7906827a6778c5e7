// "Reduce the second target's Gold Cost by 2, or 4 if the player drew a card", "Melee 2 Attack, or 3 if
// ...", "Fear 3, or 5 if the target is Shadowlands": the part after "or" is a number alone, which says
// the first part again with its last number replaced ("Reduce the second target's Gold Cost by 4 if
// ..."), as "+2F, or +3F if ..." says the first part's bonus again.
import type { Word } from "./words.ts";

/** `part` (a number, then the rest: "4 if ...") read as `before` with its last number replaced by it,
 *  and the rest after; null when `part` does not begin with a number alone or `before` has none. */
export function withNumberReplaced<T>(before: readonly Word[], part: readonly Word[], read: (words: Word[]) => T | null): { words: Word[]; read: T } | null {
  const n = part[0];
  if (!n || n.t !== "n" || !/^[+-]?\d+$/.test(n.text) || part.length < 2) return null;
  let last = -1;
  for (let i = before.length - 1; i >= 0 && last < 0; i--) if (before[i]!.t === "n" && /^[+-]?\d+$/.test((before[i] as { text: string }).text)) last = i;
  if (last < 0) return null;
  const words = [...before.slice(0, last), n, ...before.slice(last + 1), ...part.slice(1)];
  const r = read(words);
  return r ? { words, read: r } : null;
}
