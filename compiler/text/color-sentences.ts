// Color text printed without italics: "Fujimura exposes his crimes. His controller loses 2 Honor."
// Twenty Festivals, Color Text: "Traits and abilities may also include color text (italic, no
// parentheses) that describes what the effects are simulating, but has no game impact. Color text will
// always be a separate sentence in italics." Italic color text is set aside as it is read (`_..._`,
// words.ts); older card records print it in roman type, so a sentence among an ability's effects is
// read as color text, and does nothing, only when all of these hold:
//   - its subject is the card itself (its name or another reference to it: "Fujimura", "this
//     Shugenja"), "he", "she" or "it" standing for a card the text has named (or the card itself), or
//     "your" and a noun naming the card of yours the ability chose ("Your Monk feigns his injuries");
//   - a verb in the present tense follows the subject ("exposes", "sculpts"), and neither it (in any
//     form: "bows", "bowed", "bow") nor any other word of the sentence is a word the declared
//     vocabulary writes in lower case (a phrase's word, an adjective, a reference, a duration, a hook's
//     lead, a heading, a kind of card...), other than a closed list of articles, pronouns, prepositions
//     and "and" ("the", "his", "him", "to", "of");
//   - it has no number, icon, quotation, comma, modal, auxiliary or negation, and no capitalised word
//     after its subject (a card type, stat, keyword, trait or title: something of the game);
//   - it is not all the effects say: another sentence of the same effects is not color text.
// So a sentence whose verb or object the rules know ("He chooses and bows one of his Personalities",
// "Kitiaru copies one of his Political abilities", "Michiru creates a barrier of air", "Yayu lobs a
// potion at the enemy") is read as rules text, and stays unsupported when no phrase reads it.
import type * as A from "../../grammar/index.ts";
import type { LowerContext } from "./context.ts";
import { phraseId, type Lexicon, type Reference, type Template } from "./lexicon.ts";
import { numberOf, type Word } from "./words.ts";
import { hasVariants, phraseVariants } from "./phrase-variants.ts";

/** Articles, pronouns and prepositions: English's closed classes that say nothing of the game. */
const FUNCTION_WORDS = new Set([
  "a", "an", "the", "his", "her", "its", "their", "him", "it", "them", "himself", "herself", "itself", "themselves", "'s",
  "to", "of", "in", "into", "at", "from", "with", "on", "onto", "by", "for", "through", "across", "over", "under", "upon",
  "against", "toward", "towards", "and",
]);

/** Modal verbs, negations and auxiliaries: a sentence with one says what may, must or will happen. */
const MODAL_WORDS = new Set([
  "may", "might", "must", "can", "cannot", "could", "will", "would", "shall", "should", "not", "no", "never", "nor",
  "is", "are", "was", "were", "be", "been", "has", "have", "had", "does", "do", "did", "won't", "can't",
]);

const SUBJECT_PRONOUNS = new Set(["he", "she", "it"]);

const vocabularies = new WeakMap<Lexicon, ReadonlySet<string>>();

/** Forms a word may be the inflection of ("bows": "bows", "bow"; "bowed": "bow"; "carries": "carry"). */
function stems(word: string): string[] {
  const out = [word];
  if (word.endsWith("ies")) out.push(word.slice(0, -3) + "y");
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (word.endsWith("ied")) out.push(word.slice(0, -3) + "y");
  if (word.endsWith("ed")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) out.push(word.slice(0, -3), word.slice(0, -3) + "e");
  return out;
}

/** A word of the vocabulary (lower case, not a slot) and the forms it may be an inflection of. */
function vocabularyForms(w: string): string[] {
  return w === "" || /^\{.*\}$/.test(w) || /[A-Z]/.test(w) ? [] : stems(w);
}

// (each corpus card is checked with a lexicon of its own, so a declared text's words, over every wording
//  of its bracketed words, are worked out once for the run, not once per lexicon)
const textWordsCache = new Map<string, readonly string[]>();

/** The vocabulary words of a declared phrase's text, over all its wordings. */
function textWords(text: string): readonly string[] {
  let words = textWordsCache.get(text);
  if (words) return words;
  const out = new Set<string>();
  for (const wording of hasVariants(text) ? phraseVariants(text) : [text]) {
    for (const w of wording.replace(/\u2019/g, "'").replace(/,/g, " , ").replace(/(\S)'s(?=\s|$)/g, "$1 's").split(/\s+/)) for (const f of vocabularyForms(w)) out.add(f);
  }
  words = [...out];
  textWordsCache.set(text, words);
  return words;
}

/**
 * Every word the declared vocabulary writes in lower case, with the forms it may be an inflection of.
 * A word the rules write only capitalised (a card type, keyword, trait, clan or stat, "Honor" in an
 * effect's "gain {n} Honor") is a game term only so written, and card text's lower-case word English
 * ("She summons an ancestor" beside the trait Ancestor).  Words whose case the lexicon does not keep
 * (an event's template, a heading, a duration, a lead) count as lower case.
 */
function vocabulary(cx: LowerContext): ReadonlySet<string> {
  const lex = cx.lex;
  const known = vocabularies.get(lex);
  if (known) return known;
  const out = new Set<string>();
  const add = (w: string): void => {
    for (const f of vocabularyForms(w)) out.add(f);
  };
  const addText = (text: string): void => {
    for (const w of textWords(text)) out.add(w);
  };
  const addTemplate = (t: Template): void => {
    for (const p of t.parts) if ("lit" in p) add(p.lit);
  };
  const addWords = (e: { readonly words: readonly string[] }): void => {
    for (const w of e.words) add(w);
  };
  const allOf = <P extends { readonly template: Template }>(index: { byWord: ReadonlyMap<string, readonly P[]>; slotFirst: readonly P[] }, read: (p: P) => void): void => {
    for (const list of index.byWord.values()) for (const p of list) read(p);
    for (const p of index.slotFirst) read(p);
  };
  // (the lexicon holds an entry for each wording of a declaration: each declaration is read once)
  const seen = new Set<object>();
  const declared = (p: { readonly decl: { readonly phrases: readonly A.PhraseText[] } }): void => {
    if (seen.has(p.decl)) return;
    seen.add(p.decl);
    for (const t of p.decl.phrases) addText(t.text);
  };
  // (the lexicon holds an entry for each wording of each phrase; their declarations are read once)
  for (const effect of new Set(lex.effects.map((e) => e.effect))) {
    for (const p of effect.decl.phrases) addText(p.text.text);
    for (const h of effect.decl.hooks) for (const l of h.leads) addText(l.text);
  }
  allOf(lex.eventsByFirst, (p) => addTemplate(p.template));
  allOf(lex.conditionsByFirst, declared);
  allOf(lex.searchesByFirst, declared);
  for (const q of [...lex.qualifiers, ...lex.useQualifiers]) declared(q);
  for (const r of [...lex.references, ...lex.useReferences]) declared(r);
  // (nouns of a type, keyword or trait, and adjectives of a keyword, trait or clan, are capitalised)
  for (const n of lex.nouns) if (n.kind === "any" || n.kind === "kind") addWords(n);
  for (const a of [...lex.adjectives, ...lex.useAdjectives]) {
    if (a.meaning.k === "declared") declared(a.meaning);
    else if (a.meaning.k !== "keyword" && a.meaning.k !== "trait" && a.meaning.k !== "clan") addWords(a);
  }
  for (const list of [lex.laters, lex.durations, lex.kindLeads, lex.points] as (readonly { readonly words: readonly string[] }[])[]) for (const e of list) addWords(e);
  for (const w of lex.pronouns.keys()) add(w);
  vocabularies.set(lex, out);
  return out;
}

/** How many words at the start name the card itself or a card already named ("Fujimura", "he"), or 0. */
function subjectLength(cx: LowerContext, words: readonly Word[]): number {
  const first = words[0];
  if (!first || first.t !== "w") return 0;
  if (SUBJECT_PRONOUNS.has(first.lower)) return cx.findPronoun("card", first.lower) !== null ? 1 : 0;
  const self = cx.lex.selfReference;
  const isSelf = (r: Reference): boolean => r === self || (r.decl.body.kind === "NameRef" && r.decl.body.name === "self");
  // ("Your Monk feigns his injuries": the Monk of yours the ability chose, context.ts's yoursNamed)
  const found = cx.matcher.cardPhrases(words, 0, words.length).filter((p) => (p.v.k === "ref" && isSelf(p.v.ref)) || (p.v.k === "select" && cx.yoursNamed(p.v) !== null));
  return found.reduce((n, p) => Math.max(n, p.next), 0);
}

/** Is the sentence color text by the conditions above (its period, if any, last)? */
function isColor(cx: LowerContext, words: readonly Word[]): boolean {
  const end = words[words.length - 1]?.t === "p" && (words[words.length - 1] as { text: string }).text === "." ? words.length - 1 : words.length;
  const n = subjectLength(cx, words);
  if (n === 0 || n >= end) return false;
  const verb = words[n]!;
  if (verb.t !== "w" || !/^[a-z]+s$/.test(verb.text) || MODAL_WORDS.has(verb.lower) || FUNCTION_WORDS.has(verb.lower)) return false;
  const known = vocabulary(cx);
  if (stems(verb.lower).some((s) => known.has(s))) return false;
  for (let i = n + 1; i < end; i++) {
    const w = words[i]!;
    if (w.t !== "w" || !/^[a-z']+$/.test(w.text) || numberOf(w) !== null) return false;
    if (FUNCTION_WORDS.has(w.lower)) continue;
    if (MODAL_WORDS.has(w.lower) || stems(w.lower).some((s) => known.has(s))) return false;
  }
  return true;
}

/**
 * Whether `list[i]`, a sentence of an ability's effects, is color text (noted as the construct used),
 * so it is left unread.
 */
export function colorSentence(cx: LowerContext, list: readonly (readonly Word[])[], i: number): boolean {
  if (!isColor(cx, list[i]!)) return false;
  if (!list.some((other, k) => k !== i && other.length > 0 && !isColor(cx, other))) return false;
  cx.use(phraseId("construct", "<color text sentence>"));
  // The card of yours it names is the latest named ("Your Monk feigns his injuries. He contributes ...").
  const subject = cx.matcher.cardPhrases(list[i]!, 0, list[i]!.length).find((p) => p.v.k === "select" && cx.yoursNamed(p.v) !== null);
  if (subject?.v.k === "select") cx.mentioned(cx.yoursNamed(subject.v)!);
  return true;
}
