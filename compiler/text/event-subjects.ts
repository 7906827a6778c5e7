// "After any of your Personalities wins a duel", "After one or more of your Personalities are
// destroyed", "After another player's action targets one or more of your Personalities": an event
// happens to one card at a time, so in the words of an event "any of" and "one or more of" a group name
// each card of it the event happens to, as "one of" does ("After one of your Personalities wins a
// duel").  The words are read again with "one of" in their place (the same ranges, for diagnostics).
import { literalAt, type Word } from "./words.ts";

const GROUPS: readonly (readonly string[])[] = [
  ["one", "or", "more", "of"],
  ["any", "one", "of"],
  ["any", "of"],
];

/** The words with each "any of" / "one or more of" read as "one of", or null when they have none. */
export function oneOfEach(words: readonly Word[]): Word[] | null {
  const out: Word[] = [];
  let changed = false;
  for (let i = 0; i < words.length; ) {
    const group = GROUPS.find((g) => g.every((w, k) => literalAt(words, i + k) === w));
    if (!group) {
      out.push(words[i]!);
      i++;
      continue;
    }
    const first = words[i]!.range;
    const last = words[i + group.length - 1]!.range;
    out.push({ t: "w", text: "one", lower: "one", range: first }, { t: "w", text: "of", lower: "of", range: { start: first.start, end: last.end } });
    i += group.length;
    changed = true;
  }
  return changed ? out : null;
}
