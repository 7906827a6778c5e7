// "the first target", "the second target's Personal Honor", "the other target": an ability's targets
// named by the order they were chosen in (Twenty Festivals, TARGETING: targets are chosen as the
// action is announced, in the order the text names them), not by what they are.
import type { LowerContext } from "./context.ts";
import type { Word } from "./words.ts";
import { phraseId } from "./lexicon.ts";

export const ORDINALS = new Map([
  ["first", 1],
  ["second", 2],
  ["third", 3],
  ["fourth", 4],
]);

/** The pronoun word "the <ordinal> target" (or "the other target") at `pos`, with the words it takes, or null. */
export function ordinalTargetAt(words: readonly Word[], pos: number, end: number): { word: string; next: number } | null {
  const lower = (at: number): string | null => {
    const w = words[at];
    return w?.t === "w" ? w.lower : null;
  };
  if (pos + 3 > end || lower(pos) !== "the" || lower(pos + 2) !== "target") return null;
  const which = lower(pos + 1) ?? "";
  return ORDINALS.has(which) || which === "other" ? { word: `the ${which} target`, next: pos + 3 } : null;
}

/**
 * What "the <ordinal> target" stands for: the slot of the ability's target chosen in that place
 * (targeted players count, as they are targets too); "the other target" is, of exactly two targets of
 * one card each, the one not named latest.  Undefined when the word is no such pronoun; null when the
 * ability has no such target.
 */
export function ordinalTarget(cx: LowerContext, word: string): string | null | undefined {
  const m = /^the (\w+) target$/.exec(word);
  if (!m) return undefined;
  const targets = cx.targets.filter((t) => t.targeted);
  if (m[1] === "other") {
    const single = targets.filter((t) => !t.player && !t.count);
    if (single.length !== 2 || targets.length !== 2) return null;
    cx.use(phraseId("construct", "the other target <of two targets>"));
    const at = single.map((t) => cx.pronouns.findIndex((p) => p.name === t.slot));
    return at[0]! > at[1]! ? single[1]!.slot : single[0]!.slot;
  }
  const n = ORDINALS.get(m[1]!);
  if (n === undefined) return undefined;
  const target = targets[n - 1];
  if (!target || target.count) return null;
  cx.use(phraseId("construct", "the <first, second, ...> target"));
  return target.slot;
}
