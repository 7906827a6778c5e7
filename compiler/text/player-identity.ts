// Which player a player is: "you are the Attacker", "you are not the Defender", "his controller is the
// active player".  The other side is a reference the rules declare to name a player (`reference "the
// Attacker" = leaderNow(true)`: rules/battles.l5r); none when it names none now.
import type * as A from "../../grammar/index.ts";
import { literalAt as word, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { slotExpr } from "./conditions.ts";

/** words[0, end) as "<player> is [not] <player reference>", or null. */
export function playerIs(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (const left of cx.matcher.players(words, 0, end)) {
    if (left.v.k !== "you" && left.v.k !== "card" && left.v.k !== "owner") continue;
    const verb = word(words, left.next);
    if (verb !== "is" && verb !== "are") continue;
    let at = left.next + 1;
    const negate = word(words, at) === "not";
    if (negate) at++;
    for (const right of cx.matcher.cardPhrases(words, at, end)) {
      if (right.next !== end || right.v.k !== "ref") continue;
      const named = cx.refExpr(right.v.ref, right.v.range);
      if (cx.typeOf(named, cx.available ?? new Map()).k !== "player") continue;
      const l = quiet && left.v.k === "you" ? b.ref("you") : quiet ? named : slotExpr(cx, { ty: "player", v: left.v });
      const r = quiet ? named : slotExpr(cx, { ty: "card", v: right.v });
      if (!l || !r) return null;
      return b.bin(negate ? "!=" : "==", l, r);
    }
  }
  return null;
}
