// "Choose a player. He chooses a face-up Personality in one of his provinces. Turn the Personality
// face-down.", "That player chooses and discards a card from his hand": a player the text names (not the
// ability's) picks a card as the effect resolves.  The card he picks is the card the text names next
// ("the Personality", "it"), so what follows the choice is done with it, and what names it is not done
// when he has none to pick.  "<player> chooses and <verb>s <cards>" is the choice followed by "<verb> <pronoun>".
// A declared effect that reads the whole sentence comes first (rules/chosen-bows.l5r).
import { phraseId, phrasesReading } from "./lexicon.ts";
import { literalAt, rangeOfWords, textOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { slotExpr } from "./conditions.ts";
import { candidatesOf } from "./nouns.ts";
import { pronounFor } from "./shared-target.ts";

/** The words of "chooses" after the player: "chooses", "must choose". */
const CHOOSING: readonly (readonly string[])[] = [["chooses"], ["must", "choose"]];

/** "<player> chooses <card>[, <rest>]": the choice made into `sink` (the card chosen is named), the sink
 *  for what follows, and the rest of the sentence ("and bows it"); null when the sentence is not one. */
export function playerChooses(cx: LowerContext, words: Word[], sink: Sink): { inner: Sink; rest: Word[] } | null {
  // (most sentences choose nothing: asked first, it spares reading the whole sentence as an effect)
  if (!words.some((_, i) => CHOOSING.some((v) => literalAt(words, i) === v[v.length - 1]))) return null;
  if (phrasesReading(cx.lex.effectsByFirst, words, 0).some((e) => cx.matcher.matchTemplate(e.template, words, 0, words.length).length > 0)) return null;
  const last = words[words.length - 1]?.t === "p" && literalAt(words, words.length - 1) === "." ? words.length - 1 : words.length;
  for (const found of cx.matcher.players(words, 0, last)) {
    // (one player the text names: "he", "that player", "his controller"; not "you", nor each player)
    if (found.v.k !== "card" && found.v.k !== "owner") continue;
    const verb = CHOOSING.find((v) => v.every((w, k) => literalAt(words, found.next + k) === w));
    if (!verb) continue;
    let at = found.next + verb.length;
    // "chooses and bows one of his unbowed Personalities": the verb after "and", said of the card chosen.
    let then: Word | null = null;
    if (literalAt(words, at) === "and" && words[at + 1]?.t === "w") {
      then = imperative(cx, words[at + 1] as Extract<Word, { t: "w" }>);
      if (!then) continue;
      at += 2;
    }
    for (let end = last; end > at; end--) {
      if (end < last && literalAt(words, end) !== ",") continue;
      const np = cx.matcher.wholeCardPhrase(words, at, end);
      if (!np || np.k !== "select" || np.target || np.count || (np.noun.plural && np.quant !== "one-of") || np.quant === "each") continue;
      const player = slotExpr(cx, { ty: "player", v: found.v });
      if (!player) return null;
      cx.use(phraseId("construct", "<player> chooses <card>"));
      const b = new AstBuilder(rangeOfWords(words.slice(0, end), words[0]!.range));
      const name = cx.fresh("chosenByPlayer");
      sink.stmts.push(b.letStmt(name, b.chooseFrom(player, `Choose ${textOfWords(np.words)}`, candidatesOf(cx, np))));
      // (none when he has none to pick: what names it after is done only if he picked one)
      cx.pronouns.push({ name, ty: "card", types: cx.selectTypes(np), nullable: true });
      // ("..., and bow it, if possible": the rest of the sentence after the card, with the verb said of it)
      const rest = then ? [then, pronounFor(cx, np, words.slice(at, end), then), ...words.slice(end, last)] : words.slice(end + 1, last);
      return { inner: sink, rest };
    }
  }
  return null;
}

/** "bows" said as an order ("bow"), when an effect begins with it; else null. */
function imperative(cx: LowerContext, w: Extract<Word, { t: "w" }>): Word | null {
  if (cx.lex.effectsByFirst.byWord.has(w.lower)) return w;
  const stem = w.lower.endsWith("es") && cx.lex.effectsByFirst.byWord.has(w.lower.slice(0, -2)) ? w.lower.slice(0, -2) : w.lower.endsWith("s") ? w.lower.slice(0, -1) : null;
  return stem && cx.lex.effectsByFirst.byWord.has(stem) ? { ...w, text: stem, lower: stem } : null;
}
