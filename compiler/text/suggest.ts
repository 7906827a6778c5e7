// When no declared phrase reads like a clause, the phrases that come closest: what the card's author
// most likely meant, with where each is declared.  Asked only for clauses that failed, so it may be
// slow beside matching, but never slow on long garbage: it reads a clause's first words only.
import type * as A from "../../grammar/index.ts";
import type { Related } from "../diagnostics.ts";
import type { Symbols } from "../symbols.ts";
import type { Word } from "./words.ts";

export interface DeclaredPhrase {
  readonly text: string;
  readonly file: string;
  readonly range: A.Range;
  /** The phrase's own words (not its `{slots}`), lower case, in order. */
  readonly literals: readonly string[];
}

/** Every phrase given, each once, in the order given. */
function declaredPhrases(sources: Iterable<{ readonly phrase: A.PhraseText; readonly file: A.SourceFile }>): DeclaredPhrase[] {
  const seen = new Set<A.PhraseText>();
  const out: DeclaredPhrase[] = [];
  for (const { phrase, file } of sources) {
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    out.push({ text: phrase.text, file: file.path, range: phrase.range, literals: literalsOf(phrase.text) });
  }
  return out;
}

function literalsOf(phrase: string): string[] {
  return phrase
    .replace(/\{[^}]*\}/g, " ")
    .toLowerCase()
    .split(/[^a-z0-9:'\u00c0-\u024f-]+/)
    .filter((w) => w.length > 0);
}

/** The phrases a clause may have been meant to be, by what it stands for. */
export interface Declared {
  readonly effects: DeclaredPhrase[];
  readonly conditions: DeclaredPhrase[];
  readonly eventsAfter: DeclaredPhrase[];
  readonly eventsBefore: DeclaredPhrase[];
}
const declared = new WeakMap<Symbols, Declared>();

/** The phrases the rules declare, in declaration order, gathered the first time a clause fails. */
export function declaredOf(symbols: Symbols): Declared {
  let d = declared.get(symbols);
  if (d) return d;
  const events = [...symbols.events.values()];
  const eventPhrases = (before: boolean) =>
    declaredPhrases(events.filter((e) => e.decl.before === before).flatMap((e) => e.decl.phrases.map((phrase) => ({ phrase, file: e.file }))));
  d = {
    effects: declaredPhrases(
      [...symbols.callables.values()].flatMap((c) => (c.kind === "effect" ? c.decl.phrases.map((p) => ({ phrase: p.text, file: c.file })) : [])),
    ),
    conditions: declaredPhrases(symbols.conditions.flatMap((c) => c.decl.phrases.map((phrase) => ({ phrase, file: c.file })))),
    eventsAfter: eventPhrases(false),
    eventsBefore: eventPhrases(true),
  };
  declared.set(symbols, d);
  return d;
}

/** How many of a clause's words are compared: enough for any real clause, bounded for garbage. */
const WORDS_READ = 40;
/** A suggestion must share at least this share of its own words' weight with the clause. */
const MIN_SHARE = 0.5;

/**
 * The (at most `max`) declared phrases closest to `words`.  Closeness is the words a phrase shares
 * with the clause in order (a longest common subsequence), each weighted by how rare it is among the
 * phrases, so that "bow" counts for more than "a"; ties go to the phrase declared first.  A phrase
 * must share at least half its weight, and its first word (see `leadFits`).
 */
export function closestPhrases(words: readonly Word[], phrases: readonly DeclaredPhrase[], max = 2): DeclaredPhrase[] {
  const clause: string[] = [];
  for (const w of words) {
    if (clause.length === WORDS_READ) break;
    if (w.t === "w") clause.push(w.lower);
    else if (w.t === "n" || w.t === "p") clause.push(w.text.toLowerCase());
    else if (w.t === "icon") clause.push(`:${w.name}:`);
  }
  if (clause.length === 0) return [];
  const weight = rarity(phrases);
  const scored: { phrase: DeclaredPhrase; shared: number; share: number }[] = [];
  for (const phrase of phrases) {
    if (!leadFits(phrase, clause)) continue;
    let total = 0;
    for (const l of phrase.literals) total += weight.get(l)!;
    if (total === 0) continue;
    const shared = sharedInOrder(phrase.literals, clause, weight);
    const share = shared / total;
    if (share >= MIN_SHARE) scored.push({ phrase, shared, share });
  }
  scored.sort((a, b) => b.shared - a.shared || b.share - a.share);
  return scored.slice(0, max).map((s) => s.phrase);
}

/** A phrase's first word (its verb, as a rule) must be in the clause, or be what the clause's first
 *  word misspells: sharing only small words says nothing. */
function leadFits(phrase: DeclaredPhrase, clause: readonly string[]): boolean {
  const lead = phrase.literals[0];
  return lead !== undefined && (clause.includes(lead) || likeness(lead, clause[0]!) > 0);
}

/** Related entries pointing at each suggested phrase's declaration. */
export function relatedPhrases(list: readonly DeclaredPhrase[]): Related[] {
  return list.map((p) => ({ file: p.file, range: p.range, message: `the declared phrase "${p.text}"` }));
}

/** The message's tail naming the suggestions ("" when there are none). */
export function suggestionText(list: readonly DeclaredPhrase[]): string {
  if (list.length === 0) return "";
  return `; the closest declared ${list.length === 1 ? "phrase is" : "phrases are"} ${list.map((p) => `"${p.text}"`).join(" and ")}`;
}

const weights = new WeakMap<readonly DeclaredPhrase[], Map<string, number>>();

/** Each literal word's weight: the rarer among the phrases, the more it says (log inverse frequency). */
function rarity(phrases: readonly DeclaredPhrase[]): Map<string, number> {
  let w = weights.get(phrases);
  if (w) return w;
  const count = new Map<string, number>();
  for (const p of phrases) for (const l of new Set(p.literals)) count.set(l, (count.get(l) ?? 0) + 1);
  w = new Map();
  for (const [word, n] of count) w.set(word, Math.log((phrases.length + 1) / n));
  weights.set(phrases, w);
  return w;
}

/** The greatest total weight of `a`'s words that also appear in `b` in the same order (a word
 *  misspelt by one letter counts for most of its weight: "Honour" for "Honor"). */
function sharedInOrder(a: readonly string[], b: readonly string[], weight: ReadonlyMap<string, number>): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  let row = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const wt = weight.get(word) ?? 0;
    row[0] = 0;
    for (let j = 1; j <= b.length; j++) {
      const alike = likeness(word, b[j - 1]!);
      row[j] = Math.max(prev[j]!, row[j - 1]!, alike > 0 ? prev[j - 1]! + wt * alike : 0);
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/** Weight a misspelt word keeps. */
const MISSPELT = 0.75;

/** 1 for the same word, `MISSPELT` for words of three letters or more one edit apart, else 0. */
function likeness(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 3 || b.length < 3 || Math.abs(a.length - b.length) > 1) return 0;
  return oneEditApart(a, b) ? MISSPELT : 0;
}

/** One letter added, dropped, changed, or two neighbours swapped. */
function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
