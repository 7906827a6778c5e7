// "each Pearl card you control and in your discard piles": a qualifier that says a card is in play and
// a place out of play, joined by "and", name two groups of cards, not cards that are both (no card is
// in play and in a discard pile at once): the cards of each, as "a Holding or a card in your hand" reads
// (match.ts makes the reading; nouns.ts keeps each group to its own place).
import type * as A from "../../grammar/index.ts";
import type { SlotPhrase } from "./lexicon.ts";
import type { QualifierUse } from "./match.ts";

/** Does "and" join `before` (qualifiers that say the card is in play, none a place) to the place `q`? */
export function joinsPlaces(before: readonly QualifierUse[], q: SlotPhrase<A.QualifierDecl>): boolean {
  if (!isPlace(q.decl) || before.length === 0) return false;
  return before.every((u) => !u.q.decl.domain) && before.some((u) => saysInPlay(u.q.decl.filter));
}

/** A qualifier that only says where cards are ("in your discard piles", "in your hand"). */
function isPlace(d: A.QualifierDecl): boolean {
  return d.domain !== null && d.filter === null;
}

/** Does a qualifier's body require its card to be in play (`c.inPlay and ...`: "you control")? */
function saysInPlay(e: A.Expr | null): boolean {
  if (!e) return false;
  if (e.kind === "Member") return e.member.text === "inPlay";
  return e.kind === "Binary" && e.op === "and" && (saysInPlay(e.left) || saysInPlay(e.right));
}
