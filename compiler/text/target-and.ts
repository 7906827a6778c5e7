// "Target and bow your Samurai", "target and give an enemy Personality or Follower -3F": "The phrase
// 'target and [verb] X' means to target X, and to carry out the verb on the targeted object" (Twenty
// Festivals, Targeting).  Read as the verb on "target X" ("bow your target Samurai").  ("Choose and
// destroy a Region" is not so: a choice, not a target, made as the effect resolves.)
import type { Word } from "./words.ts";
import { literalAt } from "./words.ts";

/** How far into the verb phrase the adjective is tried ("bow one of his unbowed Personalities": after
 *  "one of his", the fourth word). */
const MOST_WORDS_BEFORE = 6;

/**
 * The reading of "target and <verb> X", as `read` reads the verb phrase with the adjective "target"
 * before X's noun: the first that reads, or null.  Only of the ability's own player (`subjectIsYou`):
 * "He may choose to target and bow one of his Personalities" is another player's targeting.
 */
export function targetAndVerb<P>(words: readonly Word[], subjectIsYou: boolean, read: (words: Word[]) => P | null): P | null {
  const lead = literalAt(words, 0);
  if (!subjectIsYou || lead !== "target" || literalAt(words, 1) !== "and" || words.length < 4) return null;
  const adjective: Word = { t: "w", text: "target", lower: "target", range: words[0]!.range };
  const rest = words.slice(2);
  for (let i = 1; i < Math.min(rest.length, MOST_WORDS_BEFORE + 1); i++) {
    // ("give an enemy Personality -3F": "a target enemy Personality", as a prompt says it)
    const before = rest[i - 1]!;
    const article: Word[] = before.t === "w" && before.lower === "an" ? [{ ...before, text: "a", lower: "a" }] : [before];
    const found = read([...rest.slice(0, i - 1), ...article, adjective, ...rest.slice(i)]);
    if (found) return found;
  }
  return null;
}
