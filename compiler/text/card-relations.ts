// Relations among the cards one target of several takes: "two Personalities controlled by the same
// player", "two Personalities in the same army that do not share a Clan alignment", "two Personalities
// at different locations".  A qualifier declared of two cards (`c`, `o`) whose phrase leaves `o` unnamed
// compares with the card last referred to (nouns.ts: Twenty Festivals, Comparing stats); in a target of
// several, a phrase that relates cards alike ("same", "share", "different") relates each card chosen
// with each other one instead; and a list of cards the phrase leaves unnamed is the cards chosen
// together ("whose total Chi is lower than ...": the card alone elsewhere).  Grammar only: what the
// relation is, is the qualifier's declaration.
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

/** Does a qualifier relate the cards it describes with one another ("controlled by the same player"),
 *  or describe them together (a list of cards it leaves unnamed: "whose total Chi is 6 or lower")? */
function relates(q: QualifierUse): boolean {
  if (q.q.params.slice(1).some((p) => p.ty.k === "list" && !q.slots.has(p.name))) return true;
  return q.q.template.parts.some((p) => "lit" in p && RELATING.has(p.lit)) && unnamedCard(q) !== null;
}

/**
 * A target of several's noun phrase less the qualifiers that relate its cards, and what the cards in
 * `slot` (the list chosen) must be together: each two of them related by each of those qualifiers, and
 * each fitting those that describe the cards together.
 */
export function relationsAmong(cx: LowerContext, np: Select, slot: string): { np: Select; together: A.Expr | null } {
  if (!np.count || np.count.max === 1) return { np, together: null };
  const relations = np.qualifiers.filter(relates);
  if (relations.length === 0) return { np, together: null };
  const b = new AstBuilder(np.range);
  const one = cx.fresh("one");
  const other = cx.fresh("other");
  const list = b.ref(slot);
  const filter = (q: QualifierUse) => qualifierFilter(cx, q, b.ref(one), np.range, b.ref(other), list) ?? b.bool(true);
  cx.use(phraseId("construct", "<several cards> <relation among them>"));
  const pairwise = relations.filter((q) => unnamedCard(q) !== null).map(filter);
  const whole = relations.filter((q) => unnamedCard(q) === null).map(filter);
  // A card chosen misfits when another chosen card is not related to it, or it does not fit the cards
  // chosen; the cards fit together when none misfits.
  const reasons: A.Expr[] = [];
  if (pairwise.length) {
    const unrelated = b.comprehension(other, list, b.and([b.bin("!=", b.ref(other), b.ref(one)), b.not(b.and(pairwise))]));
    reasons.push(b.bin(">", b.call("count", [{ value: unrelated }]), b.num(0)));
  }
  if (whole.length) reasons.push(b.not(b.and(whole)));
  const misfits = b.comprehension(one, list, reasons.reduce((acc, x) => b.bin("or", acc, x)));
  return { np: { ...np, qualifiers: np.qualifiers.filter((q) => !relates(q)) }, together: b.bin("==", b.call("count", [{ value: misfits }]), b.num(0)) };
}
