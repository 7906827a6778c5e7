// "After the first time each turn a Political action targets Kamalakar": a trigger that happens only at
// the first occurrence of its event in each period, whatever was done then ("the first time" is the
// occurrence, not the first use: a Reaction not taken then is not offered at the second).  The period
// is a declared duration's ("each turn" is "this turn"'s sequences; "each game" is "this game"'s, the
// whole game); the runtime keeps, for each card's ability, the first matching occurrence in the period.
import { phraseId } from "./lexicon.ts";
import type { LowerContext } from "./context.ts";
import { startsWithLiterals, type Word } from "./words.ts";

const LEAD = ["the", "first", "time"];

/** The words after "the first time each <period>" (or "this <period>": in a trigger the same) and that
 *  period's sequences ([] for the whole game), or null when the trigger does not begin so (or names no
 *  declared period). */
export function firstTimeEach(cx: LowerContext, words: readonly Word[]): { rest: Word[]; sequences: string[] } | null {
  const lead = startsWithLiterals(words, 0, LEAD);
  const each = lead < 0 ? null : words[lead];
  const at = lead + 1;
  const period = words[at];
  if (lead < 0 || !each || each.t !== "w" || (each.lower !== "each" && each.lower !== "this") || !period || period.t !== "w") return null;
  const duration = cx.lex.durations.find((d) => d.words.length === 2 && d.words[0] === "this" && d.words[1] === period.lower && !d.untilEvent);
  if (!duration) return null;
  cx.use(phraseId("construct", "the first time each <period>"));
  return { rest: words.slice(at + 1), sequences: [...duration.sequences] };
}
