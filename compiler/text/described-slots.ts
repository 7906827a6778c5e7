// Where a qualifier's described `list[card]` slot ends (compiler/text/described-lists.ts): its noun
// phrase takes no qualifiers of its own, so what follows describes the card the qualifier is of ("a
// Follower or Personality without Followers in the current enemy army": the card is in that army, not
// its Followers).
import type * as A from "../../grammar/index.ts";
import type { SlotPhrase } from "./lexicon.ts";
import type { SlotValue } from "./match.ts";

/** Does a parse of a qualifier give its described list slot a noun phrase with qualifiers? */
export function describesQualified(q: SlotPhrase<A.QualifierDecl>, slots: ReadonlyMap<string, SlotValue>): boolean {
  if (!q.decl.domain) return false;
  for (const p of q.params.slice(1)) {
    if (p.ty.k !== "list" || p.ty.of.k !== "card") continue;
    const v = slots.get(p.name);
    if (v?.ty === "card" && v.v.k === "select" && v.v.qualifiers.length > 0) return true;
  }
  return false;
}
