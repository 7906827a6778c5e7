// "Discard any face-up Holdings in your Provinces": in an effect, "any" before a plural noun names every
// such card (as "all" would), not one chosen.  Only effects read it so: in a condition ("If any
// dishonorable Personalities are opposing him") "any" is "one or more", which the condition already reads.

import type { CardPhrase } from "./match.ts";
import { literalAt } from "./words.ts";

/** Is `v` "any <plural noun>" (no count: "any two Personalities" is a count)? */
export function anyPluralMeansEvery(v: CardPhrase): boolean {
  return v.k === "select" && v.quant === "a" && !v.count && v.noun.plural && literalAt(v.words, 0) === "any";
}
