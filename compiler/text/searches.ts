// Searches as sentences read them: "Search your Fate deck for an Item, show it, and put it into your
// hand" (the search, the sink for what is done with the card found, and the rest of the sentence), and
// where a search begins inside a longer sentence ("Gain 2 Honor and search ...", "Bow this Holding to
// search ...", "If <condition>, search ...").  sentences.ts reads the sentences around them.
import type * as A from "../../grammar/index.ts";
import { phrasesStartingWith, type SlotPhrase } from "./lexicon.ts";
import { literalAt, rangeOfWords, startsWith, textOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { ifConditionEnd } from "./conditions.ts";
import { selectFilter } from "./nouns.ts";
import { startsClause } from "./sentences.ts";

/** "If <condition>, search ...": a search is the first thing the condition governs. */
export function conditionalSearch(cx: LowerContext, words: Word[]): boolean {
  if (startsWith(words, 0, ["if"]) === 0) return false;
  const comma = ifConditionEnd(cx, words);
  return comma > 0 && phrasesStartingWith(cx.lex.searchesByFirst, literalAt(words, comma + 1)).length > 0;
}

/** Where a search begins after "and" (or ", and") in the middle of a sentence whose first clause is
 *  an effect: the end of what comes before and the start of the search, or null. */
export function searchAfterJoin(cx: LowerContext, words: Word[]): { before: number; search: number } | null {
  if (!startsClause(cx, words, 0)) return null;
  for (let i = 1; i < words.length - 1; i++) {
    const phrases = literalAt(words, i) === "and" ? phrasesStartingWith(cx.lex.searchesByFirst, literalAt(words, i + 1)) : [];
    if (phrases.length === 0) continue;
    const before = literalAt(words, i - 1) === "," ? i - 1 : i;
    const rest = words.slice(i + 1);
    if (before > 0 && phrases.some((p) => rest.some((_, end) => end > 0 && cx.matcher.matchTemplate(p.template, rest, 0, end + 1).length > 0))) return { before, search: i + 1 };
  }
  return null;
}

/** Where "to" stands before a search in a sentence whose first clause is an effect ("Destroy this
 *  Holding to search your Dynasty deck for ..."), or null. */
export function searchAfterTo(cx: LowerContext, words: Word[]): number | null {
  if (!startsClause(cx, words, 0)) return null;
  for (let i = 1; i < words.length - 1; i++) {
    const phrases = literalAt(words, i) === "to" ? phrasesStartingWith(cx.lex.searchesByFirst, literalAt(words, i + 1)) : [];
    const rest = words.slice(i + 1);
    if (phrases.some((p) => rest.some((_, end) => end > 0 && cx.matcher.matchTemplate(p.template, rest, 0, end + 1).length > 0))) return i;
  }
  return null;
}

/** "Search your deck, then your Provinces, for a Legacy Holding": the sink for what follows, and the rest
 *  of the sentence when the search is its first clause ("..., show it, and put it in your hand"), or null. */
export function searchFor(cx: LowerContext, words: Word[], sink: Sink): { inner: Sink; rest: Word[] } | null {
  const last = words[words.length - 1]?.t === "p" ? words.length - 1 : words.length;
  // The whole sentence, else up to a comma, "and" or "then" (the longest noun phrase first: "a Kolat,
  // Ninja, or Shadowlands card").
  const joins = new Set([",", "and", "then"]);
  const ends = [last, ...words.map((_, i) => i).filter((i) => i > 0 && i < last && joins.has(literalAt(words, i) ?? "")).reverse()];
  const phrases = phrasesStartingWith(cx.lex.searchesByFirst, literalAt(words, 0));
  for (const end of phrases.length > 0 ? ends : []) {
    const found = searchEndingAt(cx, phrases, words, end, sink);
    if (!found) continue;
    let from = end + 1;
    while (literalAt(words, from) === "and" || literalAt(words, from) === "then") from++;
    return { inner: found, rest: end < last ? words.slice(from) : [] };
  }
  return null;
}

function searchEndingAt(cx: LowerContext, phrases: readonly SlotPhrase<A.SearchDecl>[], words: Word[], end: number, sink: Sink): Sink | null {
  for (const s of phrases) {
    for (const m of cx.matcher.matchTemplate(s.template, words, 0, end)) {
      const param = s.params.find((p) => p.ty.k === "card");
      const slot = param ? m.slots.get(param.name) : undefined;
      if (!slot || slot.ty !== "card" || slot.v.k !== "select") continue;
      const v = slot.v;
      cx.use(s.id);
      const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
      const name = cx.fresh("found");
      const candidates = b.comprehension("cand", cx.reRange(s.decl.domain, v.range), selectFilter(cx, v, b.ref("cand")));
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      // What the search does once the card is chosen (shuffles the deck searched), with its parameter
      // standing for the card found or none, comes before what the text does with the card, so "put it
      // on top of your deck" leaves it there.
      const after = s.decl.after.length === 0 ? [] : [b.ifStmt(b.bool(true), [b.letStmt(param!.name, b.ref(name)), ...s.decl.after.map((st) => cx.reRange(st, v.range))])];
      sink.stmts.push(b.letStmt(name, b.chooseFrom(b.ref("you"), `${cx.cardTitle}: choose ${textOfWords(v.words)}`, candidates)), ...after, b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner.stmts));
      cx.pronouns.push({ name, ty: "card", types: cx.nounTypes(v.noun) });
      return inner;
    }
  }
  return null;
}
