// A lead may name the card itself in its middle: `ability playedOncePerDuel "You may only play one copy
// of this card per duel" ()`, which the card prints with its own title ("You may only play one copy of
// Bend like a Reed per duel").  "this card" in a lead reads "this card" or any of the card's own names.
import type { Word } from "./words.ts";
import { startsWithLiterals } from "./words.ts";

/** How many words at `at` the lead reads (its "this card" the card's own names too), or -1. */
export function leadLength(words: readonly Word[], at: number, lead: readonly string[], selfNames: readonly (readonly string[])[]): number {
  const whole = startsWithLiterals(words, at, lead);
  if (whole >= 0 || selfNames.length === 0) return whole;
  const self = lead.findIndex((w, i) => w === "this" && lead[i + 1] === "card");
  if (self < 0 || startsWithLiterals(words, at, lead.slice(0, self)) < 0) return -1;
  const rest = lead.slice(self + 2);
  for (const name of selfNames) {
    const from = at + self;
    if (startsWithLiterals(words, from, name) < 0) continue;
    const after = startsWithLiterals(words, from + name.length, rest);
    if (after >= 0) return self + name.length + after;
  }
  return -1;
}
