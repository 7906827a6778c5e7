// Which card a later pronoun stands for after a phrase that names a card only as a possessor: "Move him
// to Mitsushen's battlefield. If he moved, straighten his unit."  English makes the phrase's object
// ("him") the card the next sentence is about, not the card whose battlefield or location it names
// ("Mitsushen's"), though that one is named last.  So after such a phrase the cards its other slots
// named are named again, in the phrase's order, and stay the latest.
import type { Template } from "./lexicon.ts";
import type { LowerContext } from "./context.ts";

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

/** After the phrase: the cards its object slots named are the latest again (see above). */
export function objectsLatest(cx: LowerContext, named: readonly { slot: string; names: readonly string[] }[], possessors: ReadonlySet<string>): void {
  if (!named.some((n) => possessors.has(n.slot) && n.names.length > 0)) return;
  for (const n of named) if (!possessors.has(n.slot)) for (const name of n.names) cx.mentioned(name);
}
