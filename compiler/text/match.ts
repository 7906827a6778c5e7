// Phrase matching: a run of card-text words against a template whose `{slots}` are typed.  A card
// slot takes a noun phrase ("your target unbowed Personality", "one of your Yojimbo Personalities"),
// a declared reference ("the duel's loser") or a pronoun; a player slot takes "you", "another
// player", a reference, or a card (meaning its controller).  All complete parses are returned.
import type * as A from "../../grammar/index.ts";
import type { Adjective, Lexicon, Noun, Reference, SlotPhrase, Template, TemplatePart } from "./lexicon.ts";
import { literalAt as word, numberOf, rangeOfWords, startsWith, type Word } from "./words.ts";

export type Quantifier = "a" | "one-of" | "each" | "another" | "none";

export type CardPhrase =
  | { readonly k: "ref"; readonly ref: Reference; readonly range: A.Range }
  /** "he", "it" — or "the targeted Personality" (`targeted`: the latest target of that noun). */
  | { readonly k: "pronoun"; readonly word: string; readonly range: A.Range; readonly targeted?: Noun }
  | {
      readonly k: "select";
      readonly quant: Quantifier;
      readonly target: boolean;
      readonly adjectives: readonly Adjective[];
      readonly noun: Noun;
      /** What follows the noun: "from your hand", "with Personal Honor of 1 or higher". */
      readonly qualifiers: readonly QualifierUse[];
      readonly range: A.Range;
      readonly words: readonly Word[];
    };

export interface QualifierUse {
  readonly q: SlotPhrase<A.QualifierDecl>;
  readonly slots: ReadonlyMap<string, SlotValue>;
}

export type PlayerPhrase =
  | { readonly k: "you"; readonly range: A.Range }
  | { readonly k: "other"; readonly quant: "a" | "each" | "another"; readonly range: A.Range }
  | { readonly k: "card"; readonly card: CardPhrase; readonly range: A.Range };

export type SlotValue =
  | { readonly ty: "card"; readonly v: CardPhrase }
  | { readonly ty: "player"; readonly v: PlayerPhrase }
  | { readonly ty: "number"; readonly v: number; readonly range: A.Range }
  /** "the Focus Value of the discarded card": a stat of a card named by a reference or pronoun. */
  | { readonly ty: "numberOf"; readonly stat: string; readonly card: CardPhrase; readonly range: A.Range }
  | { readonly ty: "stat"; readonly v: string; readonly range: A.Range }
  | { readonly ty: "use"; readonly range: A.Range; readonly word: string }
  | { readonly ty: "bonus"; readonly stat: string; readonly amount: number; readonly range: A.Range }
  /** A `text` slot reads a declared keyword's name ("gains the {k} keyword"). */
  | { readonly ty: "text"; readonly v: string; readonly range: A.Range };

export interface Match {
  readonly slots: ReadonlyMap<string, SlotValue>;
  readonly literals: number;
}

type Found<V> = readonly { readonly v: V; readonly next: number }[];

const PRONOUNS = new Set(["he", "him", "she", "her", "it", "they", "them", "himself", "herself", "itself"]);
const POSSESSIVES = new Set(["his", "her", "its", "their"]);
const MAX_PARSES = 64;
const NONE: Found<never> = [];
const NO_MATCHES: readonly never[] = [];
const NO_REFERENCES: readonly Reference[] = [];

/** What a slot reads: a list slot reads card phrases. */
function slotKind(part: Extract<TemplatePart, { slot: string }>): string {
  return part.ty.k === "list" ? "card" : part.ty.k;
}

/** What a slot of each type takes; other slot types take nothing. */
const SLOT_KINDS = ["card", "player", "number", "stat", "use", "bonus", "text"] as const;
/**
 * A quick test before matching: a template whose words are not there cannot match.  Most begin with a
 * word; one that begins with a slot has a word later ("{p} gains {n} Honor").
 */
function mayMatch(template: Template, words: readonly Word[], start: number): boolean {
  const first = template.parts[0];
  return first && "lit" in first ? word(words, start) === first.lit : hasWord(words, start, template.firstLiteral);
}

/** Is `lit` (if any) one of the words from `start` on? */
function hasWord(words: readonly Word[], start: number, lit: string | null): boolean {
  if (lit === null) return true;
  for (let i = start; i < words.length; i++) if (word(words, i) === lit) return true;
  return false;
}

/** Chart entries: the slot kinds, then bare card phrases (which player and number slots also read). */
const CARD_PHRASES = SLOT_KINDS.length;
const CHART_KINDS = SLOT_KINDS.length + 1;

/**
 * The slots a parse in progress has filled, in the order a Map holding them would keep (a slot set
 * again after it was taken out goes last).  Slots are set and taken out in a parse's depth-first
 * order, so this is almost always a push and a pop; a Map is made only for a complete parse.
 */
class SlotStack {
  private readonly names: string[] = [];
  private readonly values: SlotValue[] = [];

  set(name: string, value: SlotValue): void {
    const i = this.names.indexOf(name);
    if (i >= 0) this.values[i] = value;
    else {
      this.names.push(name);
      this.values.push(value);
    }
  }

  delete(name: string): void {
    const i = this.names.lastIndexOf(name);
    if (i < 0) return;
    if (i === this.names.length - 1) {
      this.names.pop();
      this.values.pop();
    } else {
      this.names.splice(i, 1);
      this.values.splice(i, 1);
    }
  }

  toMap(): Map<string, SlotValue> {
    const map = new Map<string, SlotValue>();
    for (let i = 0; i < this.names.length; i++) map.set(this.names[i]!, this.values[i]!);
    return map;
  }
}

/**
 * Matches the phrases of one ability.  What a slot takes at a position of a run of words is worked out
 * once and kept (a chart, as in chart parsing): the many templates that begin with a card or player
 * slot, and a clause tried again after splitting at "and", read the same noun phrases.  The chart is
 * keyed by the word array, which is never changed once matched; a matcher lives as long as one ability.
 */
export class PhraseMatcher {
  private readonly charts = new Map<readonly Word[], Map<number, Found<unknown>>>();

  constructor(private readonly lex: Lexicon) {}

  /** All complete matches of words[start, end) against a template. */
  matchTemplate(template: Template, words: readonly Word[], start: number, end: number): readonly Match[] {
    return this.parses(template, words, start, end, undefined, true);
  }

  /**
   * Every match of a template starting at `start` and ending anywhere up to `end`.  A qualifier's
   * subject slot (`skip`) is the noun it follows, not a word of the phrase.
   */
  matchPrefix(template: Template, words: readonly Word[], start: number, end: number, skip?: string): readonly (Match & { next: number })[] {
    return this.parses(template, words, start, end, skip, false);
  }

  /** The parses of a template from `start`, at most MAX_PARSES of them; with `whole`, only those that
   *  end at `end` are kept (the others still count towards the limit, but their slots are not copied). */
  private parses(template: Template, words: readonly Word[], start: number, end: number, skip: string | undefined, whole: boolean): readonly (Match & { next: number })[] {
    if (!mayMatch(template, words, start) || !this.firstSlotReads(template, words, start, end, skip)) return NO_MATCHES;
    return this.collectParses(template, words, start, end, skip, whole);
  }

  /** The search behind `parses`, once its quick tests have passed: kept apart because its closure's
   *  variables are allocated on every call of the function that declares it, and most calls stop at
   *  the tests. */
  private collectParses(template: Template, words: readonly Word[], start: number, end: number, skip: string | undefined, whole: boolean): readonly (Match & { next: number })[] {
    const out: (Match & { next: number })[] = [];
    const slots = new SlotStack();
    let count = 0;
    const go = (part: number, pos: number): void => {
      if (count >= MAX_PARSES) return;
      if (part === template.parts.length) {
        count++;
        if (!whole || pos === end) out.push({ slots: slots.toMap(), literals: template.literalCount, next: pos });
        return;
      }
      const p = template.parts[part]!;
      if ("lit" in p) {
        if (word(words, pos) === p.lit) go(part + 1, pos + 1);
        return;
      }
      if (p.slot === skip) return go(part + 1, pos);
      for (const alt of this.slotValues(slotKind(p), words, pos, end)) {
        slots.set(p.slot, alt.v);
        go(part + 1, alt.next);
        slots.delete(p.slot);
      }
    };
    go(0, start);
    return out;
  }

  /** Can a template that begins with a slot read its first words?  Most clauses are tried against
   *  every such template: this check (its answer is charted) spares setting up a parse that fails. */
  private firstSlotReads(template: Template, words: readonly Word[], start: number, end: number, skip: string | undefined): boolean {
    const first = template.parts[0];
    if (!first || "lit" in first || first.slot === skip) return true;
    return this.slotValues(slotKind(first), words, start, end).length > 0;
  }

  /** The noun phrase that is exactly words[start, end), if any (for `Target X:`): a description of
   *  cards to choose from rather than a reference that happens to read the same. */
  wholeCardPhrase(words: readonly Word[], start: number, end: number): CardPhrase | null {
    const whole = this.cardPhrases(words, start, end).filter((c) => c.next === end);
    return (whole.find((c) => c.v.k === "select") ?? whole[0])?.v ?? null;
  }

  /** Every way a card phrase can start at `pos` (and where it ends). */
  cardPhrases(words: readonly Word[], pos: number, end: number): Found<CardPhrase> {
    return this.charted(words, CARD_PHRASES, pos, end, () => this.findCardPhrases(words, pos, end));
  }

  private slotValues(ty: string, words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    const kind = (SLOT_KINDS as readonly string[]).indexOf(ty);
    if (kind < 0 || pos >= end || !words[pos]) return NONE;
    return this.charted(words, kind, pos, end, () => this.findSlotValues(ty, words, pos, end));
  }

  private findCardPhrases(words: readonly Word[], pos: number, end: number): Found<CardPhrase> {
    const lex = this.lex;
    const out: { v: CardPhrase; next: number }[] = [];
    const w = word(words, pos);
    for (const ref of (w !== null && lex.referencesByFirst.get(w)) || NO_REFERENCES) {
      const n = startsWith(words, pos, ref.words);
      if (n > 0 && pos + n <= end) out.push({ v: { k: "ref", ref, range: rangeOfWords(words.slice(pos, pos + n), words[pos]!.range) }, next: pos + n });
    }
    if (w && PRONOUNS.has(w)) out.push({ v: { k: "pronoun", word: w, range: words[pos]!.range }, next: pos + 1 });
    if (w === "the" && word(words, pos + 1) === "targeted") {
      for (const noun of lex.nouns) {
        const n = startsWith(words, pos + 2, noun.words);
        if (n > 0 && pos + 2 + n <= end) out.push({ v: { k: "pronoun", word: "the targeted", range: rangeOfWords(words.slice(pos, pos + 2 + n), words[pos]!.range), targeted: noun }, next: pos + 2 + n });
      }
    }

    // A quantifier may also be the first word of an adjective ("another player's"): try both readings.
    const starts: { quant: Quantifier; at: number }[] = [{ quant: "none", at: pos }];
    if (w === "a" || w === "an" || w === "any") starts.push({ quant: "a", at: pos + 1 });
    else if (w === "one" && word(words, pos + 1) === "of") starts.push({ quant: "one-of", at: pos + 2 });
    else if (w === "each" || w === "all" || w === "every") starts.push({ quant: "each", at: pos + 1 });
    else if (w === "another" && word(words, pos + 1) === "of") starts.push({ quant: "another", at: pos + 2 });
    else if (w === "another") starts.push({ quant: "another", at: pos + 1 });

    const push = (quant: Quantifier, adjectives: Adjective[], noun: Noun, qualifiers: QualifierUse[], next: number): void => {
      const used = words.slice(pos, next);
      out.push({
        v: { k: "select", quant, target: adjectives.some((a) => a.meaning.k === "target"), adjectives, noun, qualifiers, range: rangeOfWords(used, words[pos]!.range), words: used },
        next,
      });
    };
    // Qualifiers after the noun, at most two ("a target attachment card from your hand").
    const qualified = (quant: Quantifier, adjectives: Adjective[], noun: Noun, qualifiers: QualifierUse[], at: number): void => {
      push(quant, adjectives, noun, qualifiers, at);
      if (qualifiers.length >= 2 || at >= end) return;
      for (const q of lex.qualifiers) {
        for (const m of this.matchPrefix(q.template, words, at, end, q.params[0]?.name)) {
          if (out.length > MAX_PARSES) return;
          qualified(quant, adjectives, noun, [...qualifiers, { q, slots: m.slots }], m.next);
        }
      }
    };
    const selects = (quant: Quantifier, i: number, adjectives: Adjective[]): void => {
      if (out.length > MAX_PARSES || i >= end) return;
      const first = word(words, i) ?? "";
      for (const noun of lex.nounsByFirst.get(first) ?? []) {
        const n = startsWith(words, i, noun.words);
        if (n > 0 && i + n <= end) qualified(quant, adjectives, noun, [], i + n);
      }
      const pw = word(words, i);
      if (pw && POSSESSIVES.has(pw) && word(words, i + 1) !== "controller" && i + 1 < end) {
        selects(quant, i + 1, [...adjectives, { words: [pw], meaning: { k: "of", word: pw } }]);
      }
      for (const adj of lex.adjectivesByFirst.get(first) ?? []) {
        const n = startsWith(words, i, adj.words);
        if (n <= 0 || i + n >= end) continue;
        selects(quant, i + n, [...adjectives, adj]);
        // "Courtier or Samurai Personalities": either adjective.
        if (word(words, i + n) === "or") {
          for (const other of lex.adjectivesByFirst.get(word(words, i + n + 1) ?? "") ?? []) {
            const m = startsWith(words, i + n + 1, other.words);
            if (m > 0 && i + n + 1 + m < end) selects(quant, i + n + 1 + m, [...adjectives, { words: [...adj.words, "or", ...other.words], meaning: { k: "either", of: [adj, other] } }]);
          }
        }
      }
    };
    for (const s of starts) selects(s.quant, s.at, []);
    return out;
  }

  private playerPhrases(words: readonly Word[], pos: number, end: number): Found<PlayerPhrase> {
    const out: { v: PlayerPhrase; next: number }[] = [];
    const w = word(words, pos);
    const r = (n: number) => rangeOfWords(words.slice(pos, pos + n), words[pos]?.range ?? { start: 0, end: 0 });
    if (w === "you") out.push({ v: { k: "you", range: r(1) }, next: pos + 1 });
    const two = `${w} ${word(words, pos + 1)}`;
    if (two === "another player" || two === "an opponent" || two === "your opponent") out.push({ v: { k: "other", quant: "another", range: r(2) }, next: pos + 2 });
    if (two === "each player" || two === "every player") out.push({ v: { k: "other", quant: "each", range: r(2) }, next: pos + 2 });
    if (two === "a player") out.push({ v: { k: "other", quant: "a", range: r(2) }, next: pos + 2 });
    // "his controller": the player controlling the card a pronoun stands for.
    if (w && POSSESSIVES.has(w) && word(words, pos + 1) === "controller") out.push({ v: { k: "card", card: { k: "pronoun", word: w, range: words[pos]!.range }, range: r(2) }, next: pos + 2 });
    for (const c of this.cardPhrases(words, pos, end)) out.push({ v: { k: "card", card: c.v, range: c.v.range }, next: c.next });
    return out;
  }

  private findSlotValues(ty: string, words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    const lex = this.lex;
    const w = words[pos]!;
    switch (ty) {
      case "card":
        return this.cardPhrases(words, pos, end).map((c) => ({ v: { ty: "card", v: c.v }, next: c.next }));
      case "player":
        return this.playerPhrases(words, pos, end).map((p) => ({ v: { ty: "player", v: p.v }, next: p.next }));
      case "number": {
        const n = numberOf(w);
        const out: { v: SlotValue; next: number }[] = n === null ? [] : [{ v: { ty: "number", v: n, range: w.range }, next: pos + 1 }];
        if (word(words, pos) === "the") {
          for (const s of lex.stats) {
            const k = startsWith(words, pos + 1, s.words);
            if (k < 0 || word(words, pos + 1 + k) !== "of") continue;
            for (const c of this.cardPhrases(words, pos + 2 + k, end)) {
              if (c.v.k === "select") continue;
              out.push({ v: { ty: "numberOf", stat: s.stat, card: c.v, range: rangeOfWords(words.slice(pos, c.next), w.range) }, next: c.next });
            }
          }
        }
        return out;
      }
      case "stat": {
        const out: { v: SlotValue; next: number }[] = [];
        for (const s of lex.stats) {
          const n = startsWith(words, pos, s.words);
          if (n > 0 && pos + n <= end) out.push({ v: { ty: "stat", v: s.stat, range: rangeOfWords(words.slice(pos, pos + n), w.range) }, next: pos + n });
        }
        return out;
      }
      case "use": {
        const lw = word(words, pos);
        if (lw === "it" || lw === "that") return [{ v: { ty: "use", range: w.range, word: lw }, next: pos + 1 }];
        if (lw === "the" && word(words, pos + 1) === "action") return [{ v: { ty: "use", range: rangeOfWords(words.slice(pos, pos + 2), w.range), word: "the action" }, next: pos + 2 }];
        return [];
      }
      case "bonus": {
        if (w.t !== "n") return [];
        const m = /^([+-]\d+)([A-Za-z]+)$/.exec(w.text);
        const stat = m ? lex.statShort.get(m[2]!) : undefined;
        return m && stat ? [{ v: { ty: "bonus", stat, amount: Number(m[1]), range: w.range }, next: pos + 1 }] : [];
      }
      case "text": {
        const out: { v: SlotValue; next: number }[] = [];
        for (const n of lex.nouns) {
          if (n.kind !== "keyword" || n.plural) continue;
          const k = startsWith(words, pos, n.words);
          if (k > 0 && pos + k <= end) out.push({ v: { ty: "text", v: n.name, range: rangeOfWords(words.slice(pos, pos + k), w.range) }, next: pos + k });
        }
        return out;
      }
      default:
        return [];
    }
  }

  private charted<V>(words: readonly Word[], kind: number, pos: number, end: number, find: () => Found<V>): Found<V> {
    let chart = this.charts.get(words);
    if (!chart) this.charts.set(words, (chart = new Map()));
    const key = (pos * (words.length + 1) + end) * CHART_KINDS + kind;
    let found = chart.get(key) as Found<V> | undefined;
    if (!found) chart.set(key, (found = find()));
    return found;
  }
}

export type { Noun };
