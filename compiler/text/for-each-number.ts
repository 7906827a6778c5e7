// "Enters play paying 1 less Gold for each Personality you control", "Gain 1 Honor for each Farm you
// control": a phrase with one number, then "for each <cards>", is the phrase with that number times
// how many such cards there are (as "+1F for each Holding you control" is for a bonus, match.ts).
import type { SlotValue } from "./match.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";

/** Where "for each" starts in words[start, end), the last one first (what follows is the counted cards). */
export function forEachStarts(words: readonly Word[], start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = end - 3; i > start; i--) if (literalAt(words, i) === "for" && literalAt(words, i + 1) === "each") out.push(i);
  return out;
}

/**
 * The slots of a phrase read without its "for each <cards>" (`counted`): its one plain number
 * multiplied by the count; null when the phrase has no number, or more than one.
 */
export function multipliedSlots(slots: ReadonlyMap<string, SlotValue>, counted: SlotValue, words: readonly Word[], from: number, end: number): Map<string, SlotValue> | null {
  const numbers = [...slots].filter(([, v]) => v.ty === "number");
  if (numbers.length !== 1) return null;
  const [name, n] = numbers[0]!;
  if (n.ty !== "number") return null;
  const out = new Map(slots);
  const range = rangeOfWords(words.slice(from, end), n.range);
  out.set(name, { ty: "arith", op: "*", left: n, right: counted, range: { start: n.range.start, end: range.end }, perCard: true });
  return out;
}
