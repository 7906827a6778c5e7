// Which hook of an earlier call a whole sentence belongs in: "Hakuseki duels him. Bow the duel's loser,
// and destroy him if he is dishonorable." The second sentence names the duel's loser (the lose hook's
// `loser`), so all of it, its condition too, happens as a consequence of losing; so does "Move him home"
// after "Bow the duel's loser", whose "him" is that loser.
import { declaredWithoutNot } from "./negated-conditions.ts";
import type * as A from "../../grammar/index.ts";
import type { LowerContext, Sink } from "./context.ts";
import { freeNames, phrasesStartingWith, type SlotPhrase } from "./lexicon.ts";
import { literalAt, startsWith, type Word } from "./words.ts";

/** The hook sink the sentence's references need, or null when the sentence can be read where it is. */
export function hookSinkFor(cx: LowerContext, words: readonly Word[], sink: Sink): Sink | null {
  const hooks = sink.hookable?.hooks;
  if (!hooks || hooks.length === 0) return null;
  const wanted = new Set<string>();
  const covered = new Set<number>();
  conditionsNeed(cx, words, wanted, covered);
  // (a pronoun after a reference the sentence names stands for it: "Bow the loser, and destroy him")
  let named = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.t !== "w") continue;
    // A reference: one reading of it that the sink has is read here ("the loser" in a Focus Effect).
    const readings = (cx.lex.referencesByFirst.get(w.lower) ?? []).filter((r) => startsWith(words, i, r.words) > 0);
    // (the card's own name too: "Give Kudome a token if she won")
    if (readings.length > 0 || (!named && cx.matcher.cardPhrases(words, i, words.length).some((p) => p.v.k === "ref"))) named = true;
    if (readings.length > 0 && !readings.some((r) => r.needs.every((n) => sink.available.has(n)))) {
      const fits = readings.find((r) => hooks.some((h) => r.needs.every((n) => h.sink.available.has(n))));
      for (const n of fits?.needs ?? []) wanted.add(n);
    }
    // A pronoun standing for a hook's name ("him": the loser named in the sentence before).
    if (named || covered.has(i) || !cx.lex.pronouns.has(w.lower)) continue;
    const earlier = cx.findPronoun("card", w.lower);
    if (earlier && !sink.available.has(earlier) && cx.pronouns.find((p) => p.name === earlier)?.fromContext) wanted.add(earlier);
  }
  for (const n of wanted) if (sink.available.has(n)) wanted.delete(n);
  if (wanted.size === 0) return null;
  return hooks.find((h) => [...wanted].every((n) => h.sink.available.has(n)))?.sink ?? null;
}

/** The names a declared condition needs from its context ("{c} won it": the duel's `duel`). */
export function conditionNeeds(cx: LowerContext, c: SlotPhrase<A.ConditionDecl>): readonly string[] {
  let needs = NEEDS_OF.get(c.decl);
  if (!needs) {
    const bound = new Set(c.params.map((p) => p.name));
    const names = new Set<string>();
    for (const e of [c.decl.filter, c.decl.domain]) if (e) for (const n of freeNames(e, cx.checker.symbols, bound)) names.add(n);
    needs = [...names];
    NEEDS_OF.set(c.decl, needs);
  }
  return needs;
}
const NEEDS_OF = new WeakMap<A.ConditionDecl, readonly string[]>();

/** The context names the declared conditions after an "if" of the sentence need ("if she won"). */
function conditionsNeed(cx: LowerContext, words: readonly Word[], out: Set<string>, covered: Set<number>): void {
  for (let i = 0; i < words.length; i++) {
    if (literalAt(words, i) !== "if") continue;
    for (let end = words.length; end > i + 1; end--) {
      // (one denied in the past, "if she did not win", needs what "if she won" does: negated-conditions.ts)
      const said = declaredWithoutNot(cx, words.slice(i + 1, end)) ?? words.slice(i + 1, end);
      for (const c of phrasesStartingWith(cx.lex.conditionsByFirst, literalAt(said, 0))) {
        const needs = conditionNeeds(cx, c);
        if (needs.length === 0 || cx.matcher.matchTemplate(c.template, said, 0, said.length).length === 0) continue;
        for (const n of needs) out.add(n);
        // (its words are the condition's: the "it" of "if you won it" is no pronoun of the sentence)
        for (let k = i + 1; k < end; k++) covered.add(k);
      }
    }
  }
}
