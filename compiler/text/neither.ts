// "Choose your performing Personality and target a Personality: ... Neither Personality contributes Force
// in this battle's resolution", "... target another player's unbowed Personality: Neither may perform
// actions this phase": "neither" (and the noun they share, if it says one) stands for the two cards the
// ability chose or targeted, and the sentence says of both what it denies of each.  It is read as the
// same sentence of the two, negated: "they do not contribute Force ...", "they may not perform ...".
import type * as A from "../../grammar/index.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";

/** A word standing where `at` was, for the words the sentence is read as. */
function wordAt(text: string, range: A.Range): Word {
  return { t: "w", text, lower: text.toLowerCase(), range };
}

/** How many words after "neither" are the singular noun both cards are named by ("Personality"), or 0. */
function nounLength(cx: LowerContext, words: readonly Word[], pos: number): number {
  let best = 0;
  for (const noun of cx.lex.nounsByFirst.get(literalAt(words, pos) ?? "") ?? []) {
    if (noun.plural) continue;
    let n = 0;
    while (n < noun.words.length && literalAt(words, pos + n) === noun.words[n]) n++;
    if (n === noun.words.length) best = Math.max(best, n);
  }
  return best;
}

/** Reads "Neither [noun] <predicate>" of the ability's last two chosen cards; false when it is not one. */
export function neitherSentence(cx: LowerContext, words: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): boolean {
  if (literalAt(words, 0) !== "neither") return false;
  const chosen = cx.targets.filter((t) => !t.count);
  if (chosen.length < 2) return false;
  const at = 1 + nounLength(cx, words, 1);
  const verb = words[at];
  if (!verb || verb.t !== "w") return false;
  const range = words[0]!.range;
  let negated: Word[];
  // "Neither may perform actions": "they may not perform actions"
  if (verb.lower === "may" || verb.lower === "will" || verb.lower === "can") negated = [wordAt("they", range), verb, wordAt("not", range), ...words.slice(at + 1)];
  // "Neither Personality contributes Force": "they do not contribute Force"
  else if (/^[a-z]+s$/.test(verb.text) && !verb.lower.endsWith("ss")) {
    const stem = verb.lower.endsWith("ies") ? verb.lower.slice(0, -3) + "y" : /(ch|sh|x|z)es$/.test(verb.lower) ? verb.lower.slice(0, -2) : verb.lower.slice(0, -1);
    negated = [wordAt("they", range), wordAt("do", range), wordAt("not", range), wordAt(stem, verb.range), ...words.slice(at + 1)];
  } else return false;
  cx.use(phraseId("construct", "neither <of two chosen cards>"));
  // The two cards are "they" for the sentence (as "Target A and B" names both: sentences.ts).
  const b = new AstBuilder(range);
  const both: A.Expr = { kind: "List", range, items: chosen.slice(-2).map((t) => b.ref(t.slot)) } as A.Expr;
  cx.pronouns.push({ name: cx.fresh("neither"), ty: "card", types: null, targeted: true, many: true, stands: both, everywhere: true });
  read(negated, sink);
  return true;
}
