// "While your Samurai remains unbowed and in play, negate the Personality's straightening", "While this
// card remains in play, he has Elite": in an action's effects (not a continuous trait, whose "while" is
// worked out afresh: sentences.ts), a duration that lasts until the condition first stops holding.
// "Remains" says the state goes on from now: once it ends, the effects end for good, though the state
// may come back.  The condition is read as a condition ("remains" as "is").
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { condition, conditionAhead } from "./conditions.ts";

/** One construct for effects whose duration leads the sentence, bounded by an event's next happening
 *  ("Until <event>, ...": until-event.ts) or by a condition's first failing ("While <condition>, ..."). */
export const DURATION_LEAD = "[Until <event>|While <condition>], <effects> (a duration)";

/** "remains" and "remain" as the verbs a condition reads. */
const REMAINS: ReadonlyMap<string, string> = new Map([
  ["remains", "is"],
  ["remain", "are"],
]);

/** Reads "While <condition>, <effects>" as effects lasting while the condition holds; false when the
 *  sentence is not one (or its condition does not read). */
export function whileLastingSentence(cx: LowerContext, words: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): boolean {
  if (cx.continuous || literalAt(words, 0) !== "while") return false;
  // The condition ends at the last comma before which one reads ("While he is at the current
  // battlefield (later this turn), you may ...").
  for (let comma = words.length - 2; comma > 1; comma--) {
    if (literalAt(words, comma) !== ",") continue;
    const said = words.slice(1, comma).map((w) => (w.t === "w" && REMAINS.has(w.lower) ? ({ ...w, text: REMAINS.get(w.lower)!, lower: REMAINS.get(w.lower)! } as Word) : w));
    if (!conditionAhead(cx, said)) continue;
    const c = condition(cx, said, sink.available, "if");
    if (!c || c.k !== "expr") return false;
    cx.use(phraseId("construct", DURATION_LEAD));
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    read(words.slice(comma + 1), inner);
    const b = new AstBuilder(words[0]!.range);
    sink.stmts.push(b.lasting([], inner.stmts, null, c.expr as A.Expr));
    return true;
  }
  return false;
}
