// Adjuncts: what card text adds after a frame ("Bring him into play | at the current battlefield, |
// paying all costs | but paying 3 less Gold if ...").  A frame is an effect phrase that names one of
// its hooks as its last slot (`"bring {c} into play {how}"` with `hook how(terms: entryTerms)`); the
// words there are read as a run of adjuncts, each an effect phrase that needs the hook's parameters
// (`effect lessGold(n: number, terms: entryTerms = terms) "paying {n} less Gold"`), joined by commas,
// "and" or "but" (or by nothing), each with an optional trailing "if <condition>".  They are lowered into the hook, so
// the frame's rules decide what they mean and when (the hook runs before the card enters play).
// Nothing here is an L5R word: frames and adjuncts are declared in rules/.
import type * as A from "../../grammar/index.ts";
import type { Ty } from "../types.ts";
import { phrasesReading, type EffectPhrase } from "./lexicon.ts";
import type { Match } from "./match.ts";
import { literalAt, type Word } from "./words.ts";
import type { LowerContext, Sink } from "./context.ts";
import { contextNeeds, effectClause } from "./sentences.ts";
import { conditionAhead } from "./conditions.ts";

/** Words that join adjuncts ("paying all costs, but paying 2 less Gold", "ignoring costs and Honor ..."). */
const JOINS = new Set([",", "and", "but"]);
/** Words that put a condition after an adjunct ("paying 4 less Gold if he is Nonhuman"). */
const CONDITIONS = new Set(["if", "unless"]);

/** The names a hook's sink has: the sink's and the hook's parameters. */
function hookAvailable(cx: LowerContext, effect: EffectPhrase["effect"], hook: A.HookDecl, sink: Sink): Map<string, Ty> {
  const available = new Map(sink.available);
  for (const hp of hook.params) available.set(hp.name.text, cx.checker.resolveType(hp.type, effect.file));
  return available;
}

/** The hook a slot of the phrase names, if the slot is one. */
function hookOf(phrase: EffectPhrase, slot: string): A.HookDecl | undefined {
  return phrase.effect.decl.hooks.find((h) => h.name.text === slot);
}

/** Is every run of adjuncts the match holds read as adjuncts of its hook? (Matches without any: yes.) */
export function adjunctsRead(cx: LowerContext, phrase: EffectPhrase, match: Match, sink: Sink): boolean {
  for (const [slot, v] of match.slots) {
    if (v.ty !== "adjuncts") continue;
    const hook = hookOf(phrase, slot);
    if (!hook || !adjunctPieces(cx, v.words, hook, hookAvailable(cx, phrase.effect, hook, sink))) return false;
  }
  return true;
}

/** Lowers each run of adjuncts the match holds into its hook's sink (made by `emit`). */
export function emitAdjuncts(cx: LowerContext, phrase: EffectPhrase, match: Match, hooks: readonly { decl: A.HookDecl; sink: Sink }[]): void {
  for (const [slot, v] of match.slots) {
    if (v.ty !== "adjuncts") continue;
    const hook = hooks.find((h) => h.decl.name.text === slot);
    if (!hook) continue;
    const pieces = adjunctPieces(cx, v.words, hook.decl, hook.sink.available);
    for (const piece of pieces ?? []) effectClause(cx, piece, hook.sink);
  }
}

/** The words split into adjuncts, longest first, or null when they do not all read as adjuncts. */
function adjunctPieces(cx: LowerContext, words: readonly Word[], hook: A.HookDecl, available: Map<string, Ty>): Word[][] | null {
  const own = new Set(hook.params.map((p) => p.name.text));
  const sink: Sink = { stmts: [], available, hookable: null, costs: false };
  const known = new Map<number, Word[][] | null>();
  const from = (i: number): Word[][] | null => {
    if (i === words.length) return [];
    const seen = known.get(i);
    if (seen !== undefined) return seen;
    let k = i;
    while (k < words.length && JOINS.has(literalAt(words, k) ?? "")) k++;
    let out: Word[][] | null = null;
    // (adjuncts may also follow each other without a join: "with your Clan Alignment at the current battlefield")
    for (let j = words.length; j > k && !out; j--) {
      const piece = words.slice(k, j) as Word[];
      if (!readsAsAdjunct(cx, piece, sink, own)) continue;
      const rest = from(j);
      if (rest) out = [piece, ...rest];
    }
    known.set(i, out);
    return out;
  };
  return from(0);
}

/** An adjunct, one with a condition after it, or a choice of two ("in your home or at the current
 *  battlefield": the player chooses as the hook runs, as for any "A or B" of effects). */
function readsAsAdjunct(cx: LowerContext, piece: Word[], sink: Sink, own: ReadonlySet<string>): boolean {
  if (isAdjunct(cx, piece, sink, own)) return true;
  for (let k = 1; k < piece.length - 1; k++) {
    if (literalAt(piece, k) === "or" && isAdjunct(cx, piece.slice(0, k), sink, own) && isAdjunct(cx, piece.slice(k + 1), sink, own)) return true;
  }
  for (let k = 1; k < piece.length - 1; k++) {
    if (CONDITIONS.has(literalAt(piece, k) ?? "") && isAdjunct(cx, piece.slice(0, k), sink, own) && conditionAhead(cx, piece.slice(k + 1))) return true;
  }
  return false;
}

/** A declared phrase that needs the hook's parameters (and nothing the sink lacks). */
function isAdjunct(cx: LowerContext, words: Word[], sink: Sink, own: ReadonlySet<string>): boolean {
  for (const phrase of phrasesReading(cx.lex.effectsByFirst, words, 0)) {
    for (const match of cx.matcher.matchTemplate(phrase.template, words, 0, words.length)) {
      if ([...match.slots.values()].some((v) => v.ty === "adjuncts" || (v.ty === "bool" && !conditionAhead(cx, v.words)))) continue;
      const needs = contextNeeds(cx, phrase, match);
      if (needs.some((n) => own.has(n)) && needs.every((n) => sink.available.has(n))) return true;
    }
  }
  return false;
}
