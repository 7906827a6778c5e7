// The matcher's quick tests (match.ts): whether a template can match a run of words at all, asked before
// a parse is set up, and the noun qualifiers that may read from a place.  A clause is tried against
// every phrase its first word begins, and a noun against every qualifier: most lack a word they need, and
// are turned down here with a look-up each.
import type * as A from "../../grammar/index.ts";
import type { Lexicon, SlotPhrase, Template } from "./lexicon.ts";
import { readingOf, readsAs } from "./comparatives.ts";
import { literalAt as word, type Word } from "./words.ts";

/** Can the template begin here?  One that begins with a word needs it here (one that begins with a slot
 *  has its words further on: `literalsAhead`). */
export function mayMatch(template: Template, words: readonly Word[], start: number): boolean {
  if (template.leading !== null) return readsAs(word(words, start), template.leading);
  return template.parts.length > 0;
}

/** Is every word a template must read among the words from `start` on? */
export function literalsAhead(template: Template, words: readonly Word[], start: number): boolean {
  const last = lastReadings(words);
  for (const lit of template.needed) if ((last.get(lit) ?? -1) < start) return false;
  return true;
}

/** The noun qualifiers that may read from `start`, in declaration order: those that begin with the word
 *  there (as it reads) and those that begin with a slot, each with every word it needs ahead (the list
 *  serves each reading of the noun before it). */
export function qualifiersThatMayRead(lex: Lexicon, words: readonly Word[], start: number): SlotPhrase<A.QualifierDecl>[] {
  const { byReading, slotFirst } = qualifierIndex(lex);
  const w = word(words, start);
  const lead = w === null ? NO_PLACES : (byReading.get(readingOf(w)) ?? NO_PLACES);
  const places = lead.length === 0 ? slotFirst : slotFirst.length === 0 ? lead : [...lead, ...slotFirst].sort((a, b) => a - b);
  return places.map((i) => lex.qualifiers[i]!).filter((q) => literalsAhead(q.template, words, start));
}

/** Where each word last reads (comparatives.ts) in a run of words: the words are scanned once, not once
 *  for each template asked of them.  (A template's first word after a slot is among its `needed`.) */
const lastReadingsOf = new WeakMap<readonly Word[], Map<string, number>>();

function lastReadings(words: readonly Word[]): Map<string, number> {
  let last = lastReadingsOf.get(words);
  if (!last) {
    last = new Map();
    for (let i = 0; i < words.length; i++) {
      const w = word(words, i);
      if (w !== null) last.set(readingOf(w), i);
    }
    lastReadingsOf.set(words, last);
  }
  return last;
}

const NO_PLACES: readonly number[] = [];

interface QualifierIndex {
  readonly byReading: ReadonlyMap<string, readonly number[]>;
  readonly slotFirst: readonly number[];
}

/** The lexicon's noun qualifiers by the word they begin with (as it reads), and those that begin with a
 *  slot, each by its place in the declaration order. */
const qualifierIndexes = new WeakMap<Lexicon, QualifierIndex>();

function qualifierIndex(lex: Lexicon): QualifierIndex {
  let index = qualifierIndexes.get(lex);
  if (!index) {
    const byReading = new Map<string, number[]>();
    const slotFirst: number[] = [];
    lex.qualifiers.forEach((q, i) => {
      if (q.template.parts.length === 0) return;
      const lit = q.template.leading;
      if (lit === null) return slotFirst.push(i);
      const r = readingOf(lit);
      let at = byReading.get(r);
      if (!at) byReading.set(r, (at = []));
      at.push(i);
    });
    qualifierIndexes.set(lex, (index = { byReading, slotFirst }));
  }
  return index;
}
