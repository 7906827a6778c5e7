// "Enters play paying 1 less Gold for each Personality you control", "Gain 1 Honor for each Farm you
// control": a phrase with one number, then "for each <cards>", is the phrase with that number times
// how many such cards there are (as "+1F for each Holding you control" is for a bonus, match.ts).
import type { SlotValue } from "./match.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";

/** Where "for each" starts in words[start, end), the last one first (what follows is the counted cards). */
export function forEachStarts(words: readonly Word[], start: number, end: number): number[] {
  const out: number[] = [];
  for (const i of allForEachStarts(words)) if (i <= end - 3 && i > start) out.push(i);
  return out;
}

/** Where "for each" starts anywhere in the words, the last one first.  Every template that reads no
 *  whole clause asks (match.ts), so the words are scanned once per run of words, not once per template. */
const forEachesOf = new WeakMap<readonly Word[], readonly number[]>();

function allForEachStarts(words: readonly Word[]): readonly number[] {
  let found = forEachesOf.get(words);
  if (!found) {
    const out: number[] = [];
    for (let i = words.length - 2; i >= 0; i--) if (literalAt(words, i) === "for" && literalAt(words, i + 1) === "each") out.push(i);
    forEachesOf.set(words, (found = out));
  }
  return found;
}

/**
 * The slots of a phrase read without its "for each <cards>" (`counted`): its one plain number (of
 * several, the one "for each" follows) multiplied by the count; null when the phrase has no number, or
 * several and none just before.
 */
export function multipliedSlots(slots: ReadonlyMap<string, SlotValue>, counted: SlotValue, words: readonly Word[], from: number, end: number): Map<string, SlotValue> | null {
  const numbers = [...slots].filter((e): e is [string, Extract<SlotValue, { ty: "number" }>] => e[1].ty === "number");
  if (numbers.length === 0) return null;
  // With more than one ("Ranged 3 Attack with +1 strength for each ..."), "for each" counts the amount
  // it follows: the last number, if no more than its word ("strength", "Honor") comes between.
  const last = numbers.reduce((a, b) => (b[1].range.end > a[1].range.end ? b : a));
  if (numbers.length > 1 && !closeBefore(last[1].range.end, words, from)) return null;
  const [name, n] = numbers.length === 1 ? numbers[0]! : last;
  if (n.ty !== "number") return null;
  const out = new Map(slots);
  const range = rangeOfWords(words.slice(from, end), n.range);
  out.set(name, { ty: "arith", op: "*", left: n, right: counted, range: { start: n.range.start, end: range.end }, perCard: true });
  return out;
}

/** Is the "for each" at words[at] at most one word after source offset `end`? */
function closeBefore(end: number, words: readonly Word[], at: number): boolean {
  let between = 0;
  for (let i = at - 1; i >= 0 && words[i]!.range.start >= end; i--) between++;
  return between <= 1;
}
