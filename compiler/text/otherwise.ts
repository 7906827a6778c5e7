// "If he is a Duelist, permanently give him the ability ... . Otherwise, permanently give him Duelist.":
// a sentence beginning "Otherwise," right after an "If <condition>, <effect>" sentence happens when that
// condition does not hold (the else of its check).
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";
import type { LowerContext, Sink } from "./context.ts";

/** The check an "If <condition>, ..." sentence made, and the effects it was put among. */
export interface LastIf {
  readonly stmt: A.IfStmt;
  readonly sink: Sink;
}

/** Reads "Otherwise, <effect>" into the else of the latest check, when that check is the last thing
 *  its effects did; false when the sentence is not one. */
export function otherwiseSentence(cx: LowerContext, words: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): boolean {
  if (literalAt(words, 0) !== "otherwise" || literalAt(words, 1) !== ",") return false;
  const last = cx.lastIf;
  if (!last || last.sink !== sink || last.stmt.else || sink.stmts[sink.stmts.length - 1] !== last.stmt) return false;
  cx.use(phraseId("construct", "If <condition>, <effect>. Otherwise, <effect>"));
  const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
  read(words.slice(2), inner);
  last.stmt.else = inner.stmts;
  cx.lastIf = null;
  return true;
}
