// Which card a later pronoun stands for after a phrase that names a card only as a possessor: "Move him
// to Mitsushen's battlefield. If he moved, straighten his unit."  English makes the phrase's object
// ("him") the card the next sentence is about, not the card whose battlefield or location it names
// ("Mitsushen's"), though that one is named last.  So after such a phrase the cards its other slots
// named are named again, in the phrase's order, and stay the latest.
import type { Template } from "./lexicon.ts";
import type { LowerContext } from "./context.ts";

/** The slots that name cards only inside a value (a number: "equal to this Shugenja's Chi"). */
const VALUE = "value:";

/** The card slots of a phrase that stand only as possessors ("{d}'s location"). */
export function possessorSlots(template: Template): Set<string> {
  const out = new Set<string>();
  template.parts.forEach((part, i) => {
    const next = template.parts[i + 1];
    if ("slot" in part && part.ty.k === "card" && next && "lit" in next && next.lit === "'s") out.add(part.slot);
  });
  return out;
}

/** The names a slot's reading made the latest named: a pronoun's card, or the cards it named anew. */
export function namedBySlot(cx: LowerContext, before: readonly string[], resolved: string | null): string[] {
  if (resolved !== null) return [resolved];
  const i = before.findIndex((name, k) => cx.pronouns[k]?.name !== name);
  const from = i < 0 ? before.length : i;
  return cx.pronouns.slice(from).map((p) => p.name);
}

/** After the phrase: the cards its object slots named are the latest again (see above); after a card
 *  named inside a value, the cards its card slots named, possessors too ("Reduce its Force by an amount
 *  equal to your Personality's Force. Bow it if its Force is now 0": "it" is not your Personality). */
export function objectsLatest(cx: LowerContext, named: readonly { slot: string; names: readonly string[] }[], possessors: ReadonlySet<string>): void {
  const cards = named.filter((n) => !n.slot.startsWith(VALUE));
  const inValue = named.some((n) => n.slot.startsWith(VALUE) && n.names.length > 0);
  if (!inValue && !cards.some((n) => possessors.has(n.slot) && n.names.length > 0)) return;
  if (inValue) for (const n of cards) if (possessors.has(n.slot)) for (const name of n.names) cx.mentioned(name);
  for (const n of cards) if (!possessors.has(n.slot)) for (const name of n.names) cx.mentioned(name);
}

/** Notes the cards a slot that is no card slot named (inside its value), for objectsLatest. */
export function namedInValues(cx: LowerContext, named: { slot: string; names: string[] }[], slot: string, before: readonly string[]): void {
  const names = namedBySlot(cx, before, null);
  if (names.length > 0) named.push({ slot: VALUE + slot, names });
}
