// Count words before a noun phrase that names several cards: "one or two [of]", "one to three",
// "one or more", "up to three", "zero to two", "two".  Grammar only: how many cards a target or choice takes; what the
// cards are is the noun phrase's (match.ts) and how they are chosen the runtime's (chooseSeveral).
import type { Noun } from "./lexicon.ts";
import { literalAt as word, numberOf, type Word } from "./words.ts";

export interface Count {
  readonly min: number;
  readonly max: number | null;
}

/** A count word: a number word ("one", "three"; a numeral there is a stat's or a cost's), not "zero". */
function countWord(words: readonly Word[], pos: number): number | null {
  const n = words[pos]?.t === "w" ? numberOf(words[pos]) : null;
  return n !== null && n >= 1 && n <= 10 ? n : null;
}

/** The counts a noun phrase may start with, with where what follows them begins ("of" after a count is
 *  skipped: "one or two of your Personalities"). */
export function countAt(words: readonly Word[], pos: number): { count: Count; at: number }[] {
  const out: { count: Count; at: number }[] = [];
  // "up to three target Personalities": as many as that, at least one (a target must be chosen for the
  // action to be announced: Twenty Festivals, Targeting: "Targets are chosen at an early step").
  if (word(words, pos) === "up" && word(words, pos + 1) === "to") {
    const most = countWord(words, pos + 2);
    if (most !== null && most > 1) out.push({ count: { min: 1, max: most }, at: pos + 3 });
  }
  // "Target zero to two attacking cards": none at all, or up to two.
  if (word(words, pos) === "zero" && word(words, pos + 1) === "to") {
    const most = countWord(words, pos + 2);
    if (most !== null) out.push({ count: { min: 0, max: most }, at: pos + 3 });
  }
  const first = countWord(words, pos);
  if (first !== null) {
    const joint = word(words, pos + 1);
    const second = countWord(words, pos + 2);
    if ((joint === "or" || joint === "to") && second !== null && second > first) out.push({ count: { min: first, max: second }, at: pos + 3 });
    else if (joint === "or" && word(words, pos + 2) === "more") out.push({ count: { min: first, max: null }, at: pos + 3 });
    else if (first > 1) out.push({ count: { min: first, max: first }, at: pos + 1 });
  }
  return out.flatMap((c) => (word(words, c.at) === "of" ? [{ count: c.count, at: c.at + 1 }] : [c]));
}

/** Where a counted noun phrase ends before a closing distributive "each" ("one or two Personalities with
 *  6 or lower Force each": each of them has it, as a qualifier of several cards already says). */
export function beforeDistributiveEach(words: readonly Word[], start: number, end: number): number {
  return end - 1 > start && word(words, end - 1) === "each" ? end - 1 : end;
}

/** Where the qualifiers of a plural noun begin after ", each" ("one to four target enemy Personalities,
 *  each with 4 or lower Gold Cost"), or -1. */
export function distributiveEachAt(words: readonly Word[], at: number): number {
  return word(words, at) === "," && word(words, at + 1) === "each" ? at + 2 : -1;
}

/** Can a noun after a count name several cards: a plural, or a keyword's or trait's name as it is
 *  ("two of your Shugenja", "one or two Yojimbo": the Japanese words card text does not inflect). */
export function namesSeveral(noun: Noun): boolean {
  if (noun.plural || noun.kind === "keyword" || noun.kind === "trait") return true;
  return noun.kind === "either" && (noun.of ?? []).length > 0 && (noun.of ?? []).every(namesSeveral);
}
