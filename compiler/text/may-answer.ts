// "You may X. If you do, Y", "His controller may X. If he did not choose this, Y": a sentence after a
// choice to do something may go on the answer (sentences.ts asks; this reads the sentence after).
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, textOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { letExpr } from "../check/synthetic.ts";

/** The latest "... may ..." of an ability: the variable holding the answer, who answered, what was asked. */
export interface MayAnswer {
  readonly name: string;
  readonly subject: "you" | "other";
  readonly body: readonly Word[];
  readonly sink: Sink;
}

const SUBJECTS: Record<string, MayAnswer["subject"]> = { you: "you", he: "other", she: "other", they: "other" };
const DID = new Set(["did", "does", "do", "chose", "chooses"]);

/** What "<player> may choose to <body>" asks: the body ("may choose to bow him" is "may bow him"). */
export function mayBody(body: Word[]): Word[] {
  return literalAt(body, 0) === "choose" && literalAt(body, 1) === "to" && body.length > 2 ? body.slice(2) : body;
}

/** The answer to "<player> may <body>" asked of `player`, kept for the sentence after. */
export function askMay(cx: LowerContext, player: A.Expr, subject: MayAnswer["subject"], body: Word[], sink: Sink, b: AstBuilder, feasible: A.Expr | null = null): A.Expr {
  const name = cx.fresh("agreed");
  const ask = b.ask(player, `${cx.cardTitle}: ${textOfWords(body)}?`);
  // ("His controller may pay 4 Gold": asked only if he can pay it; else he does not.)
  const answer: A.Expr = feasible ? { kind: "IfExpr", range: ask.range, condition: feasible, then: ask, else: b.bool(false) } : ask;
  sink.stmts.push(b.letStmt(name, answer));
  cx.lastMay = { name, subject, body, sink };
  return b.ref(name);
}

/**
 * "If he did not choose this, gain 1 Honor", "If you do, draw a card", "If he did not choose to dishonor
 * him, ...": the rest of the sentence happens if the player said yes (or, with "not", no) to the latest
 * "may" in the same place.  False when the sentence does not begin so.
 */
export function afterMay(cx: LowerContext, words: Word[], sink: Sink, rest: (words: Word[], inner: Sink) => void): boolean {
  const may = cx.lastMay;
  // "If this Follower is at the current battlefield, you may pay 2 Gold. If you do not, destroy this
  // Follower": the answer was asked only if the condition held, and what goes on it goes with it.
  const within = may && cx.lastIf && cx.lastIf.sink === sink && may.sink.stmts === cx.lastIf.stmt.then ? may.sink : null;
  if (within && within !== sink) return afterMay(cx, words, within, rest);
  if (!may || may.sink !== sink || literalAt(words, 0) !== "if" || SUBJECTS[literalAt(words, 1) ?? ""] !== may.subject || !DID.has(literalAt(words, 2) ?? "")) return false;
  let at = 3;
  const negated = literalAt(words, at) === "not";
  if (negated) at++;
  // "choose this", "choose to <what was asked>"
  if (literalAt(words, at) === "choose" || literalAt(words, at) === "chose") {
    if (literalAt(words, at + 1) === "this") at += 2;
    else if (literalAt(words, at + 1) === "to") {
      const said = words.slice(at + 2, at + 2 + may.body.length);
      if (textOfWords(said).toLowerCase() !== textOfWords(may.body).toLowerCase()) return false;
      at += 2 + may.body.length;
    } else return false;
  } else if (literalAt(words, at) === "this") at++;
  if (literalAt(words, at) !== ",") return false;
  cx.use(phraseId("construct", "If <player> did [not], <effect>"));
  const b = new AstBuilder(words[0]!.range);
  const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
  rest(words.slice(at + 1), inner);
  sink.stmts.push(b.ifStmt(negated ? b.not(b.ref(may.name)) : b.ref(may.name), inner.stmts));
  return true;
}

/** Whether the costs a "may" body pays (`Sink.mayPay`) can be paid, with "you" the player asked; null
 *  when it pays none. */
export function payableOfMay(cx: LowerContext, inner: Sink, player: A.Expr | null, b: AstBuilder, targetsBefore: number): A.Expr | null {
  const checks = inner.mayPay ?? [];
  if (checks.length === 0) return null;
  // ("You may target one of his attachments and pay Gold equal to its Gold Cost": a target is chosen as
  // the action is announced, before the answer, so whether the cost can be paid is not known then.)
  if (cx.targets.length > targetsBefore) {
    cx.fail("unsupported/cost", "a cost a player may pay among effects, with a target chosen for it, is not read yet", b.ref("x").range);
    return null;
  }
  const all = checks.length === 1 ? checks[0]! : b.and(checks);
  return player ? letExpr("you", player, all, all.range) : all;
}
