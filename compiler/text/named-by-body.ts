// "Bow this Shugenja unless he is Void": the pronoun of a trailing condition may stand for a card the
// effect before it names by a reference ("this Shugenja"), which is a pronoun only once that effect is
// emitted.  Whether the condition reads is asked before then, so it is asked with a card standing in for
// the one the effect names; the condition is read for real after the effect (sentences.ts), where "he"
// is that card.
import type { Word } from "./words.ts";
import { literalAt } from "./words.ts";
import type { LowerContext } from "./context.ts";
import { conditionAhead } from "./conditions.ts";

const SUBJECT_PRONOUNS = new Set(["he", "she", "it"]);

/** Does `condition` read, its leading pronoun standing for a card the effect before it names? */
export function conditionAfterNamedCard(cx: LowerContext, condition: readonly Word[]): boolean {
  if (conditionAhead(cx, condition)) return true;
  // ("as he moves": a declared condition whose subject comes after its first word, as after "if")
  const at = literalAt(condition, 0) === "if" || literalAt(condition, 0) === "as" ? 1 : 0;
  if (!SUBJECT_PRONOUNS.has(literalAt(condition, at) ?? "")) return false;
  const mark = cx.pronouns.length;
  cx.pronouns.push({ name: "card the effect names", ty: "card", types: null });
  try {
    return conditionAhead(cx, condition);
  } finally {
    cx.pronouns.length = mark;
  }
}
