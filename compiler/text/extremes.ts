// "the highest Chi among all Courtiers and Shugenja you control", "the highest Focus Value among Spells in
// its unit": a number, the highest (or lowest) value of a stat among the cards a noun phrase names (0
// when it names none).  Grammar only: which cards, the noun phrase's; the stat, the rules'.
import type * as A from "../../grammar/index.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Select } from "./context.ts";
import type { CardPhrase } from "./match.ts";
import { candidatesOf } from "./nouns.ts";
import { literalAt as word, rangeOfWords, type Word } from "./words.ts";

export interface Extreme {
  readonly ty: "extremeOf";
  readonly stat: string;
  readonly highest: boolean;
  readonly cards: Select;
  readonly range: A.Range;
}

/** The readings of "the highest/lowest <stat> among <cards>" at `pos`. */
export function extremesAt(
  words: readonly Word[],
  pos: number,
  end: number,
  statsAt: (at: number) => readonly { stat: string; next: number }[],
  cardsAt: (at: number) => readonly { v: CardPhrase; next: number }[],
): { v: Extreme; next: number }[] {
  const which = word(words, pos + 1);
  if (word(words, pos) !== "the" || (which !== "highest" && which !== "lowest")) return [];
  const out: { v: Extreme; next: number }[] = [];
  for (const s of statsAt(pos + 2)) {
    if (word(words, s.next) !== "among") continue;
    for (const c of cardsAt(s.next + 1)) {
      if (c.v.k !== "select") continue;
      out.push({ v: { ty: "extremeOf", stat: s.stat, highest: which === "highest", cards: c.v, range: rangeOfWords(words.slice(pos, c.next), words[pos]!.range) }, next: c.next });
    }
  }
  return out;
}

/** The number: `maxOf` the stats (its value for no cards, 0, is also its floor: stats are not below 0);
 *  the lowest is the highest of those no other is below. */
export function extremeExpr(cx: LowerContext, v: Extreme): A.Expr {
  const b = new AstBuilder(v.range);
  const statsOf = (x: string): A.Expr => ({ kind: "Comprehension", range: v.range, item: b.call("statOf", [{ value: b.ref(x) }, { value: b.ref(v.stat) }]), binder: b.name(x), source: candidatesOf(cx, v.cards), filter: null }) as A.Expr;
  const x = cx.fresh("among");
  if (v.highest) return b.call("maxOf", [{ value: statsOf(x) }, { value: b.num(0) }]);
  const n = cx.fresh("value");
  const m = cx.fresh("other");
  const below = b.comprehension(m, statsOf(x), b.bin("<", b.ref(m), b.ref(n)));
  const lowest = b.comprehension(n, statsOf(cx.fresh("among")), b.bin("==", b.call("count", [{ value: below }]), b.num(0)));
  return b.call("maxOf", [{ value: lowest }, { value: b.num(0) }]);
}
