// Relations among the cards one target of several takes: "two Personalities controlled by the same
// player", "two Personalities in the same army that do not share a Clan alignment", "two Personalities
// at different locations".  A qualifier declared of two cards (`c`, `o`) whose phrase leaves `o` unnamed
// compares with the card last referred to (nouns.ts: Twenty Festivals, Comparing stats); in a target of
// several, a phrase that relates cards alike ("same", "share", "different") relates each card chosen
// with each other one instead.  Grammar only: what the relation is, is the qualifier's declaration.
import type * as A from "../../grammar/index.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Select } from "./context.ts";
import { phraseId } from "./lexicon.ts";
import type { QualifierUse } from "./match.ts";
import { qualifierFilter } from "./nouns.ts";

const RELATING = new Set(["same", "share", "shares", "different"]);

/** The card parameter a qualifier's phrase leaves unnamed, if any. */
function unnamedCard(q: QualifierUse): string | null {
  return q.q.params.slice(1).find((p) => p.ty.k === "card" && !q.slots.has(p.name))?.name ?? null;
}

/** Does a qualifier relate the cards it describes with one another ("controlled by the same player")? */
function relates(q: QualifierUse): boolean {
  return q.q.template.parts.some((p) => "lit" in p && RELATING.has(p.lit)) && unnamedCard(q) !== null;
}

/**
 * A target of several's noun phrase less the qualifiers that relate its cards, and what the cards in
 * `slot` (the list chosen) must be together: each two of them related by each of those qualifiers.
 */
export function relationsAmong(cx: LowerContext, np: Select, slot: string): { np: Select; together: A.Expr | null } {
  if (!np.count || np.count.max === 1) return { np, together: null };
  const relations = np.qualifiers.filter(relates);
  if (relations.length === 0) return { np, together: null };
  const b = new AstBuilder(np.range);
  const one = cx.fresh("one");
  const other = cx.fresh("other");
  const related = relations.map((q) => qualifierFilter(cx, q, b.ref(one), np.range, b.ref(other)) ?? b.bool(true));
  cx.use(phraseId("construct", "<several cards> <relation among them>"));
  const list = b.ref(slot);
  // (no card chosen has another chosen card it is not related to)
  const unrelated = b.comprehension(other, list, b.and([b.bin("!=", b.ref(other), b.ref(one)), b.not(b.and(related))]));
  const misfits = b.comprehension(one, list, b.bin(">", b.call("count", [{ value: unrelated }]), b.num(0)));
  return { np: { ...np, qualifiers: np.qualifiers.filter((q) => !relates(q)) }, together: b.bin("==", b.call("count", [{ value: misfits }]), b.num(0)) };
}
