// A qualifier's `list[card]` slot ranged over its domain: "with {a}" (c: card, a: list[card]) domain
// c.attachments reads "with unbowed Followers", "with a Weapon", "without attachments", "with two or
// more Spells": the slot is the cards of the domain (worked out for the card described) that its noun
// phrase fits, and the qualifier's body says how many must (count(a) > 0, == 0, >= n).  One declaration
// then reads every state, keyword, trait and kind a noun phrase can name.
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import type { QualifierUse } from "./match.ts";
import { selectFilter } from "./nouns.ts";
import { slotExpr } from "./conditions.ts";

/** The `list[card]` parameter a qualifier's domain ranges, when a slot fills it; else null. */
export function describedListParam(q: QualifierUse): string | null {
  if (!q.q.decl.domain) return null;
  return q.q.params.slice(1).find((p) => p.ty.k === "list" && p.ty.of.k === "card" && q.slots.has(p.name))?.name ?? null;
}

/** The cards of the qualifier's domain, for the card `subject` and its other parameters' `values`, that
 *  its `name` slot describes (a pronoun or name there: that card, when it is one of them). */
export function describedList(cx: LowerContext, q: QualifierUse, name: string, subject: A.Expr, values: ReadonlyMap<string, A.Expr>, range: A.Range): A.Expr | null {
  const b = new AstBuilder(range);
  const slot = q.slots.get(name);
  if (slot?.ty !== "card") return null;
  let domain = letExpr(q.q.params[0]!.name, subject, cx.reRange(q.q.decl.domain!, range), range);
  for (const [param, value] of values) domain = letExpr(param, value, domain, range);
  const cand = cx.fresh("att");
  if (slot.v.k === "select") {
    if (slot.v.target) {
      cx.fail("unsupported/target", `a target inside a qualifier ("${q.q.id}") is not read`, slot.v.range);
      return null;
    }
    return b.comprehension(cand, domain, selectFilter(cx, slot.v, b.ref(cand)));
  }
  const card = slotExpr(cx, slot);
  return card ? b.comprehension(cand, domain, b.bin("==", b.ref(cand), card)) : null;
}
