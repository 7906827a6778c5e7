// "equal to its Focus Value or this Shugenja's Chi, whichever is higher", "his printed Personal Honor,
// or 3, whichever is lower": the greater or the smaller of two numbers; and a number with a bound, "6
// plus the number of Temples you control, to a maximum of 10" (the smaller of the two).
import { literalAt, type Word } from "./words.ts";

const WHICH: Readonly<Record<string, "max" | "min">> = { higher: "max", greater: "max", lower: "min", less: "min", smaller: "min" };

/** Where the second number starts after the first (which ends at `at`): after "or" or ", or". */
export function whicheverSecondAt(words: readonly Word[], at: number): number {
  if (literalAt(words, at) === "or") return at + 1;
  return literalAt(words, at) === "," && literalAt(words, at + 1) === "or" ? at + 2 : -1;
}

/** After the second number (ending at `at`): ", whichever is higher" and where it ends, or null. */
export function whicheverAfter(words: readonly Word[], at: number): { op: "max" | "min"; next: number } | null {
  const comma = literalAt(words, at) === "," ? 1 : 0;
  if (literalAt(words, at + comma) !== "whichever" || literalAt(words, at + comma + 1) !== "is") return null;
  const op = WHICH[literalAt(words, at + comma + 2) ?? ""];
  return op ? { op, next: at + comma + 3 } : null;
}

/** After a number (ending at `at`, starting at `start`): ", to a maximum of" (the smaller of the two) or
 *  ", to a minimum of" (the greater), and where the bound starts, or null.  Not after an amount of change
 *  ("reduced by 1, to a minimum of 7", "reduce his Gold Cost by 2, to a minimum of 3"): there the bound is
 *  on what is changed, not on the amount, so it is not this number's. */
export function boundAfter(words: readonly Word[], at: number, start: number): { op: "max" | "min"; next: number } | null {
  if (literalAt(words, start - 1) === "by") return null;
  const comma = literalAt(words, at) === "," ? 1 : 0;
  if (literalAt(words, at + comma) !== "to" || literalAt(words, at + comma + 1) !== "a" || literalAt(words, at + comma + 3) !== "of") return null;
  const bound = literalAt(words, at + comma + 2);
  return bound === "maximum" ? { op: "min", next: at + comma + 4 } : bound === "minimum" ? { op: "max", next: at + comma + 4 } : null;
}
