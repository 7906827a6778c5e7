// A choice, or "A, or B if C", whose second part has neither verb nor object of its own: "Give a target
// Personality -2F, or -3F if he is dishonorable", "Give your target Personality +2F or -2F".  The second
// part is the first's verb and the same card, said again as a pronoun ("give him -3F"): naming the noun
// phrase again would choose a second target.  Or the verb and what follows up to a possessive pronoun
// ("Set his Force equal to his Chi or Personal Honor": "set his Force equal to his Personal Honor"), and
// a reference said again ("Give this Personality +1F and Cavalry").
import type { LowerContext } from "./context.ts";
import type { CardPhrase } from "./match.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";

/**
 * `part` read as "<verb of before> <pronoun for before's object> <part>", the object being the longest
 * noun phrase right after the verb that leaves something of `before` after it; null when none reads.
 */
export function withSharedTarget<T>(cx: LowerContext, before: readonly Word[], part: readonly Word[], read: (words: Word[]) => T | null): { words: Word[]; read: T } | null {
  if (before.length < 3 || before[0]!.t !== "w") return null;
  for (let end = before.length - 1; end >= 2; end--) {
    const np = cx.matcher.announcedCardPhrase(before, 1, end);
    if (!np) continue;
    // A reference names the same card again ("Give this Personality +1F and Cavalry").
    if (np.k === "ref") {
      const again = [...before.slice(0, end), ...part];
      const r = read(again);
      if (r) return { words: again, read: r };
      continue;
    }
    // (not "each Personality": only a card chosen once is the same card in both parts)
    if (np.k !== "select" || !np.target) continue;
    const words = [before[0]!, pronounFor(cx, np, before.slice(1, end), before[0]!), ...part];
    const r = read(words);
    if (r) return { words, read: r };
  }
  // "Set his Force equal to his Chi or Personal Honor": the verb and all up to a possessive pronoun,
  // which names the same card in each part.
  for (let n = before.length - 1; n >= 2; n--) {
    if (!POSSESSIVES.has(literalAt(before, n - 1) ?? "")) continue;
    const words = [...before.slice(0, n), ...part];
    const r = read(words);
    if (r) return { words, read: r };
  }
  return null;
}

/**
 * "Bow or straighten a target Ring": the first verb shares the last choice's object (clauses.ts,
 * choices), so the last choice names that target again as a pronoun ("straighten it"), not a second
 * target.  `part` read as "<its verb> <pronoun> <what follows its target>", or null when its object is no
 * target.
 */
export function sameTargetAgain<T>(cx: LowerContext, part: readonly Word[], read: (words: Word[]) => T | null): { words: Word[]; read: T } | null {
  if (part.length < 2 || part[0]!.t !== "w") return null;
  for (let end = part.length; end >= 2; end--) {
    const np = cx.matcher.announcedCardPhrase(part, 1, end);
    if (!np || np.k !== "select" || !np.target) continue;
    const words = [part[0]!, pronounFor(cx, np, part.slice(1, end), part[0]!), ...part.slice(end)];
    const r = read(words);
    if (r) return { words, read: r };
  }
  return null;
}

/** The pronoun that says a target again: "them" for several, "him" for Personalities, else "it". */
export function pronounFor(cx: LowerContext, np: Extract<CardPhrase, { k: "select" }>, said: readonly Word[], verb: Word): Word {
  const types = cx.nounTypes(np.noun);
  const pronoun = np.count || np.noun.plural ? "them" : types && [...types].every((t) => t === "Personality") ? "him" : "it";
  return { t: "w", text: pronoun, lower: pronoun, range: rangeOfWords(said, verb.range) };
}

const POSSESSIVES = new Set(["his", "her", "its", "their"]);
