// "each Personality you control not at the current battlefield", "Personalities not involved in a
// duel", "a card not in a unit led by ...": "not" before a qualifier denies it, so each qualifier the
// rules declare is read denied too (the wording is the qualifier's phrase and the construct
// "not <qualifier>").  Only a qualifier that says something of its card can be denied: one that says
// where cards are ("in your hand") or ranges a slot over its domain has nothing to negate here.
import type * as A from "../../grammar/index.ts";
import type { SlotPhrase } from "./lexicon.ts";

/** Can "not" deny this qualifier: it has a body and no domain, and does not start with "not" itself. */
export function deniable(q: SlotPhrase<A.QualifierDecl>): boolean {
  return q.decl.filter !== null && q.decl.domain === null && q.template.firstLiteral !== "not";
}
