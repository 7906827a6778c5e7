// An ordinal read where a phrase has a number slot: "before your second turn", "before your third turn"
// (the turn counted as 2 and 3), so one phrase "before your {n} turn" reads each, as a numeral reads in
// "Gain {n} Honor".  The ordinals are those ordinal-targets.ts knows ("the second target").
import type * as A from "../../grammar/index.ts";
import { ORDINALS } from "./ordinal-targets.ts";
import type { Word } from "./words.ts";

/** The number an ordinal word at `pos` stands for, as a number slot's value, or null. */
export function ordinalNumberAt(words: readonly Word[], pos: number, end: number): { v: { ty: "number"; v: number; range: A.Range }; next: number } | null {
  const w = words[pos];
  if (!w || pos >= end || w.t !== "w") return null;
  const n = ORDINALS.get(w.lower);
  return n === undefined ? null : { v: { ty: "number", v: n, range: w.range }, next: pos + 1 };
}
