// A declared condition said with "not": "if it is not your first turn", "if it is not another player's
// turn", "if you are not a Crab Clan player", "if you do not have a Clan Alignment".  The condition without the "not" (after the verb "is" or
// "are"), negated; so a declaration need not state both ways.  (Predicates read their own "not":
// "he is not Cavalry", predicates.ts.)
import { phrasesReading } from "./lexicon.ts";
import { literalAt, wordsFromText, type Word } from "./words.ts";
import type { LowerContext } from "./context.ts";

/** words less the "not" after their first "is", "are", "was" or "were" (or "do
 *  not"/"does not" before "have"/"has": "you do not have a Clan Alignment"; or "did not" before a verb,
 *  said in the past: "if he did not win" is "if he won", denied), when the rest is a declared condition. */
export function declaredWithoutNot(cx: LowerContext, words: readonly Word[]): Word[] | null {
  const declared = (positive: Word[]): boolean =>
    phrasesReading(cx.lex.conditionsByFirst, positive, 0).some((c) => cx.matcher.matchTemplate(c.template, positive, 0, positive.length).length > 0);
  for (let i = 1; i < words.length - 1; i++) {
    const verb = literalAt(words, i - 1);
    const then = literalAt(words, i + 1);
    if (literalAt(words, i) !== "not") continue;
    // ("if he did not enter play this turn": "did not" and the verb become the verb in the past)
    if (verb === "did" && then !== null) {
      const at = words[i + 1]!.range;
      for (const past of pastTenses(then)) {
        const positive = [...words.slice(0, i - 1), ...wordsFromText(past, at), ...words.slice(i + 2)];
        if (declared(positive)) return positive;
      }
      continue;
    }
    const does = (verb === "do" || verb === "does") && (then === "have" || then === "has");
    // ("if the destruction was not from another player's card effect": so after "was" and "were")
    if (verb !== "is" && verb !== "are" && verb !== "was" && verb !== "were" && !does) continue;
    const positive = does ? [...words.slice(0, i - 1), ...words.slice(i + 1)] : [...words.slice(0, i), ...words.slice(i + 1)];
    return declared(positive) ? positive : null;
  }
  return null;
}

// The past tenses card text's verbs take that English spelling rules do not give ("won", "lost").
const IRREGULAR_PAST: Record<string, string> = {
  win: "won", lose: "lost", take: "took", bring: "brought", leave: "left", fight: "fought", choose: "chose", strike: "struck",
  pay: "paid", put: "put", do: "did", have: "had", become: "became", go: "went", draw: "drew", give: "gave", get: "got", send: "sent",
};

/** The ways a verb may be said in the past: its irregular form, or "-ed" as English spells it. */
function pastTenses(verb: string): string[] {
  const irregular = IRREGULAR_PAST[verb];
  if (irregular) return [irregular];
  if (verb.endsWith("e")) return [verb + "d"];
  if (/[^aeiou]y$/.test(verb)) return [verb.slice(0, -1) + "ied"];
  return [verb + "ed", verb + verb.slice(-1) + "ed"];
}
