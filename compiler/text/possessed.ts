// "one of Haruma's Spells", "one of this Personality's Weapons": the cards attached to a card the text
// names by a name or a reference, as "his Spells" are those attached to the card "his" stands for.
import type * as A from "../../grammar/index.ts";
import type { Adjective } from "./lexicon.ts";
import type { CardPhrase, PhraseMatcher } from "./match.ts";
import type { LowerContext } from "./context.ts";
import { AstBuilder } from "./build.ts";
import { literalAt, type Word } from "./words.ts";

/** The possessives at `i` that name a card by a reference or the card's own name, each an adjective
 *  ("Haruma's") and where the noun after it starts. */
export function possessivesAt(matcher: PhraseMatcher, words: readonly Word[], i: number, end: number): { adj: Adjective; next: number }[] {
  const out: { adj: Adjective; next: number }[] = [];
  // (references only, not any card phrase: the phrase a possessive begins is read by reading these)
  for (const owner of matcher.referencesAt(words, i, end)) {
    if (literalAt(words, owner.next) !== "'s" || owner.next + 1 >= end) continue;
    const said = words.slice(i, owner.next + 1).map((w) => literalAt([w], 0) ?? "");
    out.push({ adj: { words: said, meaning: { k: "ofCard", card: owner.v } }, next: owner.next + 1 });
  }
  return out;
}

/** The cards an "ofCard" possessive describes: attached to that card.  The card is named, before the
 *  card it possesses: "You may bow Sora's Weapon to straighten him" (Sora; a Weapon is an "it"). */
export function attachedToNamed(cx: LowerContext, card: Extract<CardPhrase, { k: "ref" }>, subject: A.Expr, range: A.Range): A.Expr {
  const b = new AstBuilder(range);
  const owner = cx.refExpr(card.ref, range);
  if (!cx.tryingOnly) cx.namedReference(card.ref, owner, false);
  return b.bin("==", b.member(subject, "attachedTo"), owner);
}
