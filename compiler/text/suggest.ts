// When no declared phrase reads like a clause, the phrases that come closest: what the card's author
// most likely meant, with where each is declared.  Asked only for clauses that failed, so it may be
// slow beside matching, but never slow on long garbage: it reads a clause's first words only.
import type * as A from "../../grammar/index.ts";
import type { Related } from "../diagnostics.ts";
import type { Symbols } from "../symbols.ts";
import { editsBetween } from "../spelling.ts";
import { literalAt, phraseWords, type Word } from "./words.ts";
import { declaredWordList } from "./word-lists.ts";

export interface DeclaredPhrase {
  readonly text: string;
  readonly file: string;
  readonly range: A.Range;
  /** The phrase's own words (not its `{slots}`), as the phrase matcher reads them, in order. */
  readonly literals: readonly string[];
  /** For a phrase that begins with a slot reading a declared list of words ("{attacks} may not target
   *  {c}", word-lists.ts): the words its members begin with, one of which a clause must begin with. */
  readonly leads?: readonly string[];
}

/** The phrases of one kind, with each literal word's weight among them: the rarer, the more it says. */
export interface PhraseSet {
  readonly phrases: readonly DeclaredPhrase[];
  readonly weight: ReadonlyMap<string, number>;
}

/** Every phrase given, each once, in the order given, with the weights of their words. */
function phraseSet(sources: Iterable<{ readonly phrase: A.PhraseText; readonly file: A.SourceFile; readonly leads?: readonly string[] }>): PhraseSet {
  const seen = new Set<A.PhraseText>();
  const phrases: DeclaredPhrase[] = [];
  for (const { phrase, file, leads } of sources) {
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    phrases.push({ text: phrase.text, file: file.path, range: phrase.range, literals: phraseWords(phrase.text).filter((w) => !/^\{[^}]+\}$/.test(w)), ...(leads ? { leads } : {}) });
  }
  // Log inverse frequency among the phrases: "bow" says more than "a".
  const count = new Map<string, number>();
  for (const p of phrases) for (const l of new Set(p.literals)) count.set(l, (count.get(l) ?? 0) + 1);
  const weight = new Map<string, number>();
  for (const [word, n] of count) weight.set(word, Math.log((phrases.length + 1) / n));
  return { phrases, weight };
}

/** The phrases a clause may have been meant to be, by what it stands for. */
export interface Declared {
  readonly effects: PhraseSet;
  readonly conditions: PhraseSet;
  readonly eventsAfter: PhraseSet;
  readonly eventsBefore: PhraseSet;
}
const declared = new WeakMap<Symbols, Declared>();

/** The phrases the rules declare, in declaration order, gathered the first time a clause fails. */
export function declaredOf(symbols: Symbols): Declared {
  let d = declared.get(symbols);
  if (d) return d;
  const events = [...symbols.events.values()];
  const eventPhrases = (before: boolean) =>
    phraseSet(events.filter((e) => e.decl.before === before).flatMap((e) => e.decl.phrases.map((phrase) => ({ phrase, file: e.file }))));
  d = {
    effects: phraseSet([...symbols.callables.values()].flatMap((c) => (c.kind === "effect" ? c.decl.phrases.map((p) => ({ phrase: p.text, file: c.file, leads: listLeads(p, symbols) })) : []))),
    conditions: phraseSet(symbols.conditions.flatMap((c) => c.decl.phrases.map((phrase) => ({ phrase, file: c.file })))),
    eventsAfter: eventPhrases(false),
    eventsBefore: eventPhrases(true),
  };
  declared.set(symbols, d);
  return d;
}

/** The first words of the members of the word list a phrase's leading slot reads, if it reads one. */
function listLeads(phrase: A.Phrase, symbols: Symbols): readonly string[] | undefined {
  const first = /^\{([^}]+)\}/.exec(phrase.text.text.trim());
  const setting = first ? phrase.settings.find((s) => s.name.text === first[1] && s.domain) : undefined;
  const members = setting?.domain ? declaredWordList(setting.domain, symbols) : null;
  return members ? members.map((m) => m.words[0]!).filter((w) => w !== undefined) : undefined;
}

/** How many of a clause's words are compared: enough for any real clause, bounded for garbage. */
const WORDS_READ = 40;
/** A suggestion must share at least this share of its own words' weight with the clause. */
const MIN_SHARE = 0.5;
/** How many phrases a diagnostic names at most. */
const MOST = 2;

export interface Suggestion {
  /** The message's tail naming the phrases ("" when none is close). */
  readonly text: string;
  /** A related place at each phrase's declaration. */
  readonly related: Related[];
}

/**
 * The declared phrases of `set` closest to `words`.  Closeness is the words a phrase shares with the
 * clause in order (a longest common subsequence), each weighted by how rare it is among the phrases;
 * ties go to the phrase declared first.  A phrase must share at least half its weight, and its first
 * word (see `leadFits`).
 */
export function suggest(words: readonly Word[], set: PhraseSet): Suggestion {
  const clause: string[] = [];
  for (let i = 0; i < words.length && clause.length < WORDS_READ; i++) {
    const l = literalAt(words, i);
    if (l !== null) clause.push(l);
  }
  const scored: { phrase: DeclaredPhrase; shared: number; share: number }[] = [];
  for (const phrase of clause.length > 0 ? set.phrases : []) {
    if (!leadFits(phrase, clause)) continue;
    let total = 0;
    for (const l of phrase.literals) total += set.weight.get(l)!;
    if (total === 0) continue;
    const shared = sharedInOrder(phrase.literals, clause, set.weight);
    if (shared / total >= MIN_SHARE) scored.push({ phrase, shared, share: shared / total });
  }
  scored.sort((a, b) => b.shared - a.shared || b.share - a.share);
  const closest = scored.slice(0, MOST).map((s) => s.phrase);
  if (closest.length === 0) return { text: "", related: [] };
  return {
    text: `; the closest declared ${closest.length === 1 ? "phrase is" : "phrases are"} ${closest.map((p) => `"${p.text}"`).join(" and ")}`,
    related: closest.map((p) => ({ file: p.file, range: p.range, message: `the declared phrase "${p.text}"` })),
  };
}

/** A phrase's first word (its verb, as a rule) must be in the clause, or be what the clause's first
 *  word misspells: sharing only small words says nothing. */
function leadFits(phrase: DeclaredPhrase, clause: readonly string[]): boolean {
  if (phrase.leads) return phrase.leads.some((w) => likeness(w, clause[0]!) > 0);
  const lead = phrase.literals[0];
  return lead !== undefined && (clause.includes(lead) || likeness(lead, clause[0]!) > 0);
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
  return editsBetween(a, b, 2) === 1 ? MISSPELT : 0;
}
