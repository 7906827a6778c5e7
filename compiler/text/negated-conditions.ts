// A declared condition said with "not": "if it is not your first turn", "if it is not another player's
// turn", "if you are not a Crab Clan player", "if you do not have a Clan Alignment".  The condition without the "not" (after the verb "is" or
// "are"), negated; so a declaration need not state both ways.  (Predicates read their own "not":
// "he is not Cavalry", predicates.ts.)
import { phrasesStartingWith } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";
import type { LowerContext } from "./context.ts";

/** words less the "not" after their first "is", "are", "was" or "were" (or "do not"/"does not" before "have"/"has":
 *  "you do not have a Clan Alignment"), when the rest is a declared condition. */
export function declaredWithoutNot(cx: LowerContext, words: readonly Word[]): Word[] | null {
  for (let i = 1; i < words.length - 1; i++) {
    const verb = literalAt(words, i - 1);
    const then = literalAt(words, i + 1);
    const does = (verb === "do" || verb === "does") && (then === "have" || then === "has");
    // ("if the destruction was not from another player's card effect": so after "was" and "were")
    if (literalAt(words, i) !== "not" || (verb !== "is" && verb !== "are" && verb !== "was" && verb !== "were" && !does)) continue;
    const positive = does ? [...words.slice(0, i - 1), ...words.slice(i + 1)] : [...words.slice(0, i), ...words.slice(i + 1)];
    const declared = phrasesStartingWith(cx.lex.conditionsByFirst, literalAt(positive, 0));
    return declared.some((c) => cx.matcher.matchTemplate(c.template, positive, 0, positive.length).length > 0) ? positive : null;
  }
  return null;
}
