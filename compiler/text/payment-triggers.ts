// Icons alone, then a "When" trigger naming a Gold payment: ":bow:: When paying for a Monk, he enters
// play for 3 less Gold".  Twenty Festivals, SPECIAL TRIGGERED TRAITS: "Traits that are triggered when
// paying a Gold cost, and whose effects produce Gold or reduce Gold costs, are optional; they do not have
// to be triggered when any given Gold cost is paid."  Such a header is not the production kind its icons
// lead (":bow:: Produce 2 Gold"): the trait is read as an optional triggered one, its icons its costs.
import type * as A from "../../grammar/index.ts";
import { literalAt, type Word } from "./words.ts";

export function optionalPaymentTrait(header: A.AbilityHeader, segments: Word[][][]): boolean {
  if (header.groups.length > 0 || header.icons.length === 0) return false;
  const first = segments[0]?.[0];
  // (the rules declare the "When paying ..." events: rules/when-triggers.l5r, rules/action-payments.l5r)
  return first !== undefined && literalAt(first, 0) === "when" && literalAt(first, 1) === "paying";
}
