// "Enters play paying 1 less Gold for each Personality you control", "Gain 1 Honor for each Farm you
// control", "Gain 1 Honor for every two Farms you control": a phrase with one number, then "for each
// <cards>" ("for every", "for every <n>"), is the phrase with that number times how many such cards
// there are (of whole groups of n), as "+1F for each Holding you control" is for a bonus (match.ts).
import type { SlotValue } from "./match.ts";
import { literalAt, numberOf, rangeOfWords, type Word } from "./words.ts";

/** The one construct of either: an amount for each card, or each group of cards, counted. */
export const PER_COUNT = "<amount> for [each|every [<n>]] <cards>";

/** A "for each" in words: where it starts, where the counted cards start, and the size of a group. */
export interface ForEach {
  readonly at: number;
  readonly from: number;
  readonly every?: number;
}

/** Where "for each" starts in words[start, end), the last one first (what follows is the counted cards). */
export function forEachStarts(words: readonly Word[], start: number, end: number): ForEach[] {
  const out: ForEach[] = [];
  for (const f of allForEachStarts(words)) if (f.from <= end - 1 && f.at > start) out.push(f);
  return out;
}

/** "every two": the group's size (two or more), or null. */
export function groupAfterEvery(words: readonly Word[], at: number): number | null {
  const n = numberOf(words[at]);
  return n !== null && n >= 2 ? n : null;
}

/** Where "for each" starts anywhere in the words, the last one first.  Every template that reads no
 *  whole clause asks (match.ts), so the words are scanned once per run of words, not once per template. */
const forEachesOf = new WeakMap<readonly Word[], readonly ForEach[]>();

function allForEachStarts(words: readonly Word[]): readonly ForEach[] {
  let found = forEachesOf.get(words);
  if (!found) {
    const out: ForEach[] = [];
    for (let i = words.length - 2; i >= 0; i--) {
      if (literalAt(words, i) !== "for") continue;
      if (literalAt(words, i + 1) === "each") out.push({ at: i, from: i + 2 });
      else if (literalAt(words, i + 1) === "every") {
        const group = groupAfterEvery(words, i + 2);
        out.push(group === null ? { at: i, from: i + 2 } : { at: i, from: i + 3, every: group });
      }
    }
    forEachesOf.set(words, (found = out));
  }
  return found;
}

/**
 * The slots of a phrase read without its "for each <cards>" (`counted`): its one plain number (of
 * several, the one "for each" follows) multiplied by the count; null when the phrase has no number, or
 * several and none just before.
 */
export function multipliedSlots(slots: ReadonlyMap<string, SlotValue>, counted: SlotValue, words: readonly Word[], from: number, end: number, every?: number): Map<string, SlotValue> | null {
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
  out.set(name, { ty: "arith", op: "*", left: n, right: counted, range: { start: n.range.start, end: range.end }, perCard: true, ...(every ? { every } : {}) });
  return out;
}

/** Is the "for each" at words[at] at most one word after source offset `end`? */
function closeBefore(end: number, words: readonly Word[], at: number): boolean {
  let between = 0;
  for (let i = at - 1; i >= 0 && words[i]!.range.start >= end; i--) between++;
  return between <= 1;
}
