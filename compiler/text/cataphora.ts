// A pronoun in a leading condition that stands for a card named after it, in the effect the condition
// governs: "If he would be opposed, move your target Personality at home to the current battlefield."
// English lets a pronoun in a subordinate clause that comes first refer forward to the main clause's
// noun phrase (cataphora).  Read so only when the pronoun has nothing before it to stand for and the
// first card the effect names is a target (chosen when the ability is announced, so known when the
// condition is checked, before the effect): the pronoun stands for that target, and the effect is
// read before the condition.  Anything else (the first card named is not a target, the target is not
// a card the pronoun can be) leaves the pronoun with nothing to refer to, as before.
import type { LowerContext, Select } from "./context.ts";
import type { CardPhrase } from "./match.ts";
import { conditionAhead } from "./conditions.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";

/** The condition's first card pronoun that has nothing to stand for yet ("he" in "If he would be
 *  opposed"), or null. */
export function forwardPronoun(cx: LowerContext, condition: readonly Word[]): Extract<Word, { t: "w" }> | null {
  for (let i = 0; i < condition.length; i++) {
    const w = condition[i]!;
    if (w.t !== "w" || !cx.lex.pronouns.has(w.lower)) continue;
    if (cx.findPronoun("card", w.lower) !== null || literalOfCondition(cx, condition, i)) return null;
    return w;
  }
  return null;
}

/** Is the word at `i` a literal of a declared condition read there, not a pronoun ("it" in "it is your
 *  turn", "If it is your turn or you control a Courtier")? */
function literalOfCondition(cx: LowerContext, words: readonly Word[], i: number): boolean {
  const w = literalAt(words, i);
  for (const c of cx.lex.conditionsByFirst.byWord.get(w ?? "") ?? []) {
    const first = c.template.parts[0];
    if (!first || !("lit" in first) || first.lit !== w) continue;
    for (let end = words.length; end > i; end--) if (cx.matcher.matchTemplate(c.template, words, i, end).length > 0) return true;
  }
  return false;
}

/** The target the effect names first, when it is the first card it names and a card the pronoun can
 *  be ("your target Personality"), or null. */
export function targetNamedFirst(cx: LowerContext, effect: readonly Word[], pronoun: string): Select | null {
  const fits = cx.lex.pronouns.get(pronoun);
  for (let i = 0; i < effect.length; i++) {
    // (a bare singular noun is no card the effect names: "home" of "move home your target Personality"
    // reads as the keyword Home)
    const found = cx.matcher.cardPhrases(effect, i, effect.length).filter((f) => !bareSingular(f.v));
    if (found.length === 0) continue;
    const v = found[0]!.v;
    if (!found.every((f) => f.v.k === "select" && f.v.target) || v.k !== "select") return null;
    // (a keyword says nothing of the card's type: "your target Yojimbo" may be "he")
    const types = cx.nounTypes(v.noun);
    return !fits || (types === null && v.noun.kind === "keyword") || (types !== null && [...types].some((t) => fits.has(t))) ? v : null;
  }
  return null;
}

/** A noun alone, singular, with no article or adjective ("home"): English names no card so. */
function bareSingular(v: CardPhrase): boolean {
  return v.k === "select" && v.quant === "none" && !v.noun.plural && v.adjectives.length === 0 && !v.count;
}

/**
 * Where the condition of "If <condition>, <effect>" ends when it reads only with its pronoun standing for
 * the effect's first target ("If he is a Monk, give your target Personality +2F"), or -1.
 */
export function forwardConditionEnd(cx: LowerContext, words: readonly Word[]): number {
  for (let i = words.length - 1; i > 1; i--) {
    if (literalAt(words, i) !== ",") continue;
    const forward = forwardPronoun(cx, words.slice(1, i));
    const target = forward ? targetNamedFirst(cx, words.slice(i + 1), forward.lower) : null;
    if (!target) continue;
    // (a look ahead, with a card of the target's types standing for it)
    const before = cx.pronouns.length;
    cx.pronouns.push({ name: "forwardTarget", ty: "card", types: cx.nounTypes(target.noun), targeted: true, everywhere: true });
    try {
      if (cx.tryOnly(() => conditionAhead(cx, words.slice(0, i)))) return i;
    } finally {
      cx.pronouns.length = before;
    }
  }
  return -1;
}

/**
 * After the effect is read (from `mark` on the pronoun list): makes the first target it named the
 * latest card named, so the condition's pronoun stands for it; false when it named no target.
 */
export function standForward(cx: LowerContext, mark: number, pronoun: string): boolean {
  const fits = cx.lex.pronouns.get(pronoun);
  const first = cx.pronouns.slice(mark).find((p) => p.ty === "card" && p.targeted && p.everywhere && !p.many && (!fits || !p.types || [...p.types].some((t) => fits.has(t))));
  if (!first) return false;
  cx.use(phraseId("construct", "If <condition with a pronoun for the effect's target>, <effect>"));
  cx.mentioned(first.name);
  return true;
}
