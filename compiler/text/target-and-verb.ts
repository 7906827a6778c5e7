// "Target and bow an enemy Personality", "You may target and destroy a card without attachments in his
// unit": one card, targeted when the ability is announced and then bowed.  The second verb's object is
// the target said again ("target an enemy Personality and bow him"), not a second card chosen as the
// effect resolves (which left the target alone and bowed whatever was chosen then).
import type { ClausePlan } from "./clauses.ts";
import type { LowerContext } from "./context.ts";
import { pronounFor } from "./shared-target.ts";
import type { Word } from "./words.ts";

/** "target" followed by "<verb> <cards> <rest>", read as "target <cards>" and "<verb> <pronoun> <rest>",
 *  the cards the longest noun phrase that reads so; null when none does. */
export function targetThenVerb(cx: LowerContext, target: Word, after: readonly Word[], read: (words: Word[]) => ClausePlan | null): ClausePlan | null {
  const verb = after[0];
  if (!verb || verb.t !== "w") return null;
  for (let end = after.length; end >= 2; end--) {
    const np = cx.matcher.announcedCardPhrase(after, 1, end);
    if (!np || np.k !== "select") continue;
    const chosen = read([target, ...after.slice(1, end)]);
    if (!chosen || chosen.k !== "target") continue;
    const then = read([verb, pronounFor(cx, np, after.slice(1, end), verb), ...after.slice(end)]);
    if (then) return { k: "seq", parts: [chosen, then] };
  }
  return null;
}
