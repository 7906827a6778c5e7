// "<effect> to <effect>" whose first part names who does it: the subject of the first verb is the
// subject of the infinitive after "to" too.  "He discards a card at random to draw a card" is "he draws
// a card"; "His controller may bow him to gain 2 Honor" is "his controller gains 2 Honor"; "they may
// discard a card to draw a card" is "they draw a card".  (Said with no subject, or with "you", the
// second part is read as written: its subject is you.)
import type { LowerContext } from "./context.ts";
import { singularVerbs } from "./plural-events.ts";
import { literalAt, type Word } from "./words.ts";

/** The second part read with the first part's subject put back (its verb made to agree), or as written
 *  when the first names no player of its own.  A first part whose subject is a player the words may
 *  not name again as the same one ("a target player", "each player", "another player") gives no
 *  reading: the second part is not read as your effect. */
export function readWithFirstSubject<T>(cx: LowerContext, first: readonly Word[], second: readonly Word[], read: (w: Word[]) => T | null): T | null {
  const subject = subjectOf(cx, first);
  if (!subject) return read([...second]);
  if (!subject.again) return null;
  const verb = second[0];
  if (!verb || verb.t !== "w") return null;
  const plural = subject.words.length === 1 && literalAt(subject.words, 0) === "they";
  for (const form of plural ? [verb.lower] : singularVerbs(verb.lower)) {
    const r = read([...subject.words, { ...verb, text: form, lower: form }, ...second.slice(1)]);
    if (r && typeof r === "object") sharing.add(r);
    if (r) return r;
  }
  return null;
}

/** The readings whose subject is the first part's (so it stands for the same player there). */
const sharing = new WeakSet<object>();

/** Lowers the second part of "<effect> to <effect>": when it says the first part's subject again,
 *  that subject is who it was before the first part named anything ("he", not the card he discarded);
 *  `mark` is how many pronouns there were before the first part was lowered. */
export function lowerSecondPart(cx: LowerContext, second: object, mark: number, lower: () => void): void {
  if (sharing.has(second)) cx.playersNamedBefore(mark, lower);
  else lower();
}

const PERSONAL = new Set(["he", "she", "they"]);

/** The player the first part begins with, when it is not you and a verb follows it: `again` when the
 *  same words name the same player a second time (a pronoun, "his controller", "the winner's owner"). */
function subjectOf(cx: LowerContext, first: readonly Word[]): { words: Word[]; again: boolean } | null {
  let best: { words: Word[]; again: boolean } | null = null;
  for (const p of cx.matcher.players(first, 0, first.length)) {
    const after = first[p.next];
    // (a verb or "may" follows a subject; "'s" or a capitalised word does not)
    if (p.v.k === "you" || !after || after.t !== "w" || after.lower !== after.text || after.lower === "'s") continue;
    // A card named as such is no subject ("Target your performing Courtier at any location to ...": the
    // verb is "target"); a player is: a personal pronoun, or a card's controller or owner.
    if ((p.v.k === "card" || p.v.k === "owner") && p.v.range.end === p.v.card.range.end && !(p.v.card.k === "pronoun" && PERSONAL.has(p.v.card.word))) continue;
    const again = p.v.k === "card" || p.v.k === "owner";
    // (the longest subject: "his controller" rather than "his")
    if (!best || p.next > best.words.length) best = { words: first.slice(0, p.next), again };
  }
  return best;
}
