// "Bow Kojinrue or one of his Weapons: ...": a choice between costs where some alternatives choose a card.
// Costs are paid as the ability is announced, so the card an alternative names is chosen with that
// alternative, among the cards it can be paid with: an option for each of them, not a choice made for
// every alternative before one is picked (that would need a Weapon even to bow Kojinrue).
import type * as A from "../../grammar/index.ts";
import type { LowerContext, Select, Sink } from "./context.ts";
import { candidatesOf } from "./nouns.ts";
import { textOfWords } from "./words.ts";

/** A card an alternative of a cost chooses, and the cards it may be (narrowed to those that pay it). */
export interface CostChoice {
  readonly slot: string;
  readonly prompt: string;
  candidates: A.Expr;
}

/** The variable the card chosen for this alternative of a cost is bound to (an option's binder). */
export function chooseWithAlternative(cx: LowerContext, v: Select, chosen: CostChoice[]): string {
  const slot = cx.fresh("paidWith");
  chosen.push({ slot, prompt: `Choose ${textOfWords(v.words)}`, candidates: candidatesOf(cx, v) });
  // (named only inside its alternative: "or" keeps no alternative's variables for the others)
  cx.pronouns.push({ name: slot, ty: "card", types: cx.nounTypes(v.noun), local: true });
  return slot;
}

/** A sink for one alternative of a choice of costs: the cards it names are chosen with it. */
export function alternativeSink(sink: Sink): Sink & { readonly chosenInCost: CostChoice[] } {
  return { stmts: [], available: sink.available, hookable: null, costs: sink.costs, chosenInCost: [] };
}
