// How many card text says: "two or more", "four or fewer", "exactly one", "at least two", "more than
// two", "no", "any" before what it counts, and how the count then compares with the number.
import type * as A from "../../grammar/index.ts";
import { literalAt as word, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { slotExpr } from "./conditions.ts";

export type Cmp = "==" | "!=" | "<" | "<=" | ">" | ">=";

/** "exactly", "only", "at least", "at most", "more than", "fewer than" before a number. */
function boundBefore(words: readonly Word[], at: number): { op: Cmp; next: number } | null {
  const w = word(words, at);
  const then = word(words, at + 1);
  if (w === "exactly" || w === "only") return { op: "==", next: at + 1 };
  if (w === "at" && then === "least") return { op: ">=", next: at + 2 };
  if (w === "at" && then === "most") return { op: "<=", next: at + 2 };
  if ((w === "more" || w === "greater") && then === "than") return { op: ">", next: at + 2 };
  if ((w === "fewer" || w === "less") && then === "than") return { op: "<", next: at + 2 };
  return null;
}

/** "or more", "or higher", "or above", "or less", "or fewer", "or lower", "or below" after a number. */
export function orMore(words: readonly Word[], at: number): { op: Cmp; next: number } | null {
  if (word(words, at) !== "or") return null;
  const w = word(words, at + 1);
  if (w === "more" || w === "higher" || w === "greater" || w === "above") return { op: ">=", next: at + 2 };
  if (w === "less" || w === "fewer" || w === "lower" || w === "below") return { op: "<=", next: at + 2 };
  return null;
}

/** "no", "any", "two or more", "four or fewer" before a noun phrase: how the count of what it names
 *  compares (none said: at least one). */
export function howMany(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, quiet: boolean): { op: Cmp; n: A.Expr; next: number } | null {
  if (word(words, at) === "no") return { op: "==", n: b.num(0), next: at + 1 };
  if (word(words, at) === "any") return { op: ">", n: b.num(0), next: at + 1 };
  // "exactly one", "at least two", "more than two", "fewer than three", "only one"
  const bound = boundBefore(words, at);
  if (bound) {
    const q = cx.matcher.numbers(words, bound.next, end)[0];
    const v = q && (quiet ? b.num(0) : slotExpr(cx, q.v));
    return q && v ? { op: bound.op, n: v, next: q.next } : null;
  }
  const q = cx.matcher.numbers(words, at, end).map((x) => ({ x, cmp: orMore(words, x.next) })).find((y) => y.cmp !== null);
  if (q && q.cmp) {
    const v = quiet ? b.num(0) : slotExpr(cx, q.x.v);
    return v ? { op: q.cmp.op, n: v, next: q.cmp.next } : null;
  }
  return { op: ">", n: b.num(0), next: at };
}
