// "His controller may destroy him", "The Defender may draw a card", "Each other player may draw a
// card": a player other than "you" chooses whether the effect happens, and is "you" in it.  With
// "each (other) player", each of those players is asked in turn order and does it for himself.
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, startsWith, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { slotExpr } from "./conditions.ts";
import { askMay, mayBody, payableOfMay } from "./may-answer.ts";
import { forEachPlayer } from "./each-player.ts";

/** "<player> may <effect>" for a player other than "you"; false when the sentence is not one (the
 *  effect's own phrases are read first: "may not" is a restriction, not a choice). */
export function otherPlayerMay(cx: LowerContext, words: Word[], sink: Sink, b: AstBuilder, read: (words: Word[], sink: Sink) => void): boolean {
  for (const found of cx.matcher.players(words, 0, words.length)) {
    const each = found.v.k === "other" && (found.v.quant === "each" || found.v.quant === "eachOther");
    // ("each other player in turn order may discard a card": each is asked in turn order anyway)
    const p = each && startsWith(words, found.next, ["in", "turn", "order"]) === 3 ? { ...found, next: found.next + 3 } : found;
    if (literalAt(words, p.next) !== "may" || literalAt(words, p.next + 1) === "not") continue;
    // ("you may" is read before this; otherwise only a named player or "each (other) player".)
    if (p.v.k !== "card" && !each) continue;
    const body = mayBody(words.slice(p.next + 1));
    if (body.length === 0) return false;
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    if (each) {
      cx.use(phraseId("construct", "each player may <effect>"));
      const chooser = cx.fresh("chooser");
      read(body, inner);
      const others = p.v.k === "other" && p.v.quant === "eachOther" ? b.bin("!=", b.ref("pl"), b.ref("you")) : null;
      const asked: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      asked.stmts.push(b.ifStmt(askMay(cx, b.ref(chooser), "other", body, asked, b), [b.letStmt("you", b.ref(chooser)), ...inner.stmts]));
      // ("If he does, ..." after it would not know which of them: the answer is not kept for it.)
      cx.lastMay = null;
      sink.stmts.push(...forEachPlayer(cx.checker.symbols, b, chooser, b.comprehension("pl", b.ref("players"), others), asked.stmts));
      return true;
    }
    const player = slotExpr(cx, { ty: "player", v: p.v });
    if (!player) return false;
    cx.use(phraseId("construct", "<player> may <effect>"));
    const name = cx.fresh("chooser");
    // ("His controller may pay 4 Gold": a cost he may pay, asked only if he can: Sink.mayPay.)
    const paying: Sink = { ...inner, mayPay: sink.costs ? undefined : [] };
    const targetsBefore = cx.targets.length;
    read(body, paying);
    sink.stmts.push(b.letStmt(name, player));
    const feasible = payableOfMay(cx, paying, b.ref(name), b, targetsBefore);
    const asks = (into: Sink): A.Stmt => b.ifStmt(askMay(cx, b.ref(name), "other", body, into, b, feasible), [b.letStmt("you", b.ref(name)), ...paying.stmts]);
    if (!cx.typeOf(player, sink.available).nullable) sink.stmts.push(asks(sink));
    else {
      // ("The Defender may ...": no player when no attack is running, and then nothing happens; an
      // "If he does" after it is not read, since the answer is asked only inside the check.)
      const asked: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      asked.stmts.push(asks(asked));
      cx.lastMay = null;
      sink.stmts.push(b.ifStmt(b.bin("!=", b.ref(name), b.none()), asked.stmts));
    }
    return true;
  }
  return false;
}
