// A duration's words closing a sentence may be the closing words of a declared effect phrase instead of how
// long its effects last: "You may take an additional action appropriate to this phase" says which action
// ("appropriate to this phase", rules/additional-action-text.l5r), not that the grant lasts this phase.
// Such words are left to the phrase that declares them, with the word before them.
import type { Lexicon } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";

/** Whether the last `n` words, a duration's, and the word before them are literal words of a declared
 *  effect phrase, in that order. */
export function durationInPhrase(lex: Lexicon, words: readonly Word[], n: number): boolean {
  const before = literalAt(words, words.length - n - 1);
  if (before === null) return false;
  const run = [before, ...words.slice(words.length - n).map((_, i) => literalAt(words, words.length - n + i))];
  return lex.effects.some((e) => {
    const parts = e.template.parts;
    for (let i = 0; i + run.length <= parts.length; i++) {
      if (run.every((w, j) => { const p = parts[i + j]!; return "lit" in p && p.lit === w; })) return true;
    }
    return false;
  });
}
