// Where an event or an action put a card: "After a Personality moves to the current battlefield",
// "After the resolution of an action that moved a Personality to Ugulu's battlefield".  Once a card has
// moved to a place it is at that place, so "to <place>" reads as the declared qualifier "at <place>"
// ("at the current battlefield", "at {o}'s battlefield", "at home"), said of the card the event or the
// action's record names and worked out when the trigger looks (after the movement).
import type { QualifierUse, SlotValue } from "./match.ts";
import type { Lexicon } from "./lexicon.ts";
import type { ActionReader } from "./actions.ts";
import { literalAt, type Word } from "./words.ts";

/** Each way "to <place>" reads from `at` as a card qualifier "at <place>", and where it ends. */
export function destinationsAt(lex: Lexicon, reader: ActionReader, words: readonly Word[], at: number, end: number): { q: QualifierUse; next: number }[] {
  if (literalAt(words, at) !== "to" || at + 1 >= end) return [];
  const to = words[at]!;
  // The same words with "at" for "to" (its range kept, for diagnostics).
  const said: Word[] = [...words.slice(0, at), { t: "w", text: "at", lower: "at", range: to.range }, ...words.slice(at + 1)];
  const out: { q: QualifierUse; next: number }[] = [];
  for (const q of lex.qualifiers) {
    const first = q.template.parts[0];
    if (!first || !("lit" in first) || first.lit !== "at") continue;
    for (const m of reader.matchPrefix(q.template, said, at, end, q.params[0]?.name)) out.push({ q: { q, slots: m.slots }, next: m.next });
  }
  return out;
}

/** The slot's card phrase with the qualifier added ("a Personality" that is now "at the current
 *  battlefield"), or null when the slot holds no description of cards. */
export function withDestination(slot: SlotValue | undefined, q: QualifierUse): SlotValue | null {
  if (!slot || slot.ty !== "card" || slot.v.k !== "select") return null;
  return { ...slot, v: { ...slot.v, qualifiers: [...slot.v.qualifiers, q] } };
}
