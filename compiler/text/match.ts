// Phrase matching: a run of card-text words against a template whose `{slots}` are typed.  A card
// slot takes a noun phrase ("your target unbowed Personality", "one of your Yojimbo Personalities"),
// a declared reference ("the duel's loser") or a pronoun; a player slot takes "you", "another
// player", a reference, or a card (meaning its controller).  All complete parses are returned.
import type * as A from "../../grammar/index.ts";
import { templateOf, type Adjective, type Lexicon, type Noun, type Reference, type SlotPhrase, type Template, type TemplatePart } from "./lexicon.ts";
import { describesQualified } from "./described-slots.ts";
import { joinsPlaces } from "./place-unions.ts";
import { deniable } from "./negated-qualifiers.ts";
import { literalAt as word, numberOf, rangeOfWords, startsWith, textOfWords, wordsKey, type Word } from "./words.ts";
import { playerChoiceAt } from "./player-targets.ts";
import { usePhrases, type UseValue } from "./actions.ts";
import { possessivesAt } from "./possessed.ts";
import { boundAfter, whicheverAfter, whicheverSecondAt } from "./whichever.ts";
import { forEachStarts, groupAfterEvery, multipliedSlots } from "./for-each-number.ts";
import { placePhrases, type PlaceValue } from "./places.ts";
import { memberSlotValues } from "./word-lists.ts";
import { beforeDistributiveEach, countAt, distributiveEachAt, namesSeveral, type Count } from "./counts.ts";
import { articleBeforeComparative, readsAs } from "./comparatives.ts";
import { literalsAhead, mayMatch, qualifiersThatMayRead } from "./quick-tests.ts";
import { extremesAt, type Extreme } from "./extremes.ts";
import { ordinalTargetAt } from "./ordinal-targets.ts";
import { ordinalNumberAt } from "./ordinal-numbers.ts";
import { eitherAnnouncesOr, qualifierAlternatives, type QualifierAlternative } from "./qualifier-lists.ts";

export type Quantifier = "a" | "one-of" | "each" | "another" | "none";

export type { Count };

export type CardPhrase =
  | { readonly k: "ref"; readonly ref: Reference; readonly range: A.Range }
  /** "he", "it" — or "the targeted Personality" (`targeted`: the latest target of that noun); "the
   *  Personality" (`definite`) is so too, or else the latest card of that noun named otherwise. */
  | { readonly k: "pronoun"; readonly word: string; readonly range: A.Range; readonly targeted?: Noun; readonly described?: string; readonly definite?: boolean }
  | {
      readonly k: "select";
      readonly quant: Quantifier;
      readonly target: boolean;
      /** "your chosen Personality": chosen when the ability is announced, not targeted. */
      readonly chosen?: boolean;
      readonly adjectives: readonly Adjective[];
      readonly noun: Noun;
      /** What follows the noun: "from your hand", "with Personal Honor of 1 or higher". */
      readonly qualifiers: readonly QualifierUse[];
      /** "one or two Personalities", "two enemy Personalities", "one or more": several cards, at
       *  least `min` and at most `max` (null: any number). */
      readonly count?: Count;
      /** "with lower Force or without attached Weapons": `phrases` are one noun's readings with either
       *  qualifier (qualifier-lists.ts). */
      readonly eitherQualifier?: true;
      /** Two groups joined by "and", each where it is ("cards you control and in your discard piles"). */
      readonly placesJoined?: true;
      readonly range: A.Range;
      readonly words: readonly Word[];
    };

export interface QualifierUse {
  readonly q: SlotPhrase<A.QualifierDecl>;
  readonly slots: ReadonlyMap<string, SlotValue>;
  /** "without attached Weapons or Armor": the qualifier again, of the list's next name (qualifier-lists.ts). */
  readonly listed?: true;
  /** "not at the current battlefield": what it says does not hold (negated-qualifiers.ts). */
  readonly denied?: true;
}

export type PlayerPhrase =
  | { readonly k: "you"; readonly range: A.Range }
  | { readonly k: "other"; readonly quant: "a" | "each" | "eachOther" | "another"; readonly range: A.Range }
  /** "a target player", "another target player": chosen when the ability is announced (player-targets.ts). */
  | { readonly k: "target"; readonly others: boolean; readonly words: readonly Word[]; readonly range: A.Range }
  | { readonly k: "card"; readonly card: CardPhrase; readonly range: A.Range }
  /** "its owner", "the card's owner", "the owner of the target": the player who owns the card (OWNER:
   *  the player who brought it into the game; out of play, a card goes to its owner's zones). */
  | { readonly k: "owner"; readonly card: CardPhrase; readonly range: A.Range }
  /** "each player with 21 or more Family Honor": each of the players (or the others) a qualifier fits. */
  | { readonly k: "qualified"; readonly others: boolean; readonly qualifiers: readonly QualifierUse[]; readonly range: A.Range };

export type SlotValue =
  | { readonly ty: "card"; readonly v: CardPhrase }
  | { readonly ty: "player"; readonly v: PlayerPhrase }
  | { readonly ty: "number"; readonly v: number; readonly range: A.Range }
  /** "the Focus Value of the discarded card", "this Shugenja's Chi", "his Force": a stat of a card named
   *  by a reference or pronoun. */
  /** "his Chi"; `printed`: "his printed Personal Honor", "its base Force" (the value the card prints). */
  | { readonly ty: "numberOf"; readonly stat: string; readonly card: CardPhrase; readonly range: A.Range; readonly printed?: true }
  /** "your Family Honor": a player's value. */
  | { readonly ty: "valueOf"; readonly value: string; readonly player: PlayerPhrase; readonly range: A.Range }
  /** "the amount of Gold paid": a reference to a number. */
  | { readonly ty: "quantity"; readonly ref: Reference; readonly range: A.Range }
  /** "the number of cards in your hand": how many cards a noun phrase names. */
  | { readonly ty: "countOf"; readonly cards: Extract<CardPhrase, { k: "select" }>; readonly range: A.Range }
  /** "the highest Chi among all Courtiers you control" (extremes.ts). */
  | Extreme
  /** "his Chi plus two", "twice his Force", "half his Force, rounded up". */
  /** `perCard`: "1 less Gold for each Farm you control" (for-each-number.ts), the number times a count. */
  /** `bound`: "..., to a maximum of 10" (min) or "to a minimum of 1" (max), not "whichever is". */
  | { readonly ty: "arith"; readonly op: "+" | "-" | "*" | "half" | "halfUp" | "max" | "min"; readonly left: SlotValue; readonly right: SlotValue | null; readonly range: A.Range; readonly perCard?: true; readonly every?: number; readonly bound?: true }
  /** "plus 2 if he is a Tactician": the number when the condition holds, else 0 (read by conditions.ts). */
  | { readonly ty: "when"; readonly then: SlotValue; readonly words: readonly Word[]; readonly range: A.Range }
  | { readonly ty: "stat"; readonly v: string; readonly range: A.Range }
  /** A clan's name ("Lion") or a declared keyword's ("Shugenja"); `member`: a word of the list the
   *  phrase declares for the slot (word-lists.ts). */
  | { readonly ty: "text"; readonly v: string; readonly range: A.Range; readonly member?: true }
  /** Several words of a declared list ("destruction, bowing, and movement"): word-lists.ts. */
  | { readonly ty: "texts"; readonly v: readonly string[]; readonly range: A.Range; readonly counted: boolean }
  /** An action: "it", "the action", or a description ("another player's Battle action"): actions.ts. */
  | UseValue
  /** The rest of the clause, read as a condition when the phrase is lowered ("..., with +2 strength if
   *  {b}": "if the target is dishonorable"). */
  | { readonly ty: "bool"; readonly words: readonly Word[]; readonly range: A.Range }
  /** "+2F"; `per`: "+1F for each Samurai you control" (the amount times how many). */
  | { readonly ty: "bonus"; readonly stat: string; readonly amount: number; readonly range: A.Range; readonly per?: SlotValue; readonly every?: number }
  /** "2F / 2C / 0PH Shadowlands • Undead Personality": a card to be created. */
  | { readonly ty: "description"; readonly type: string; readonly keywords: readonly string[]; readonly traits: readonly string[]; readonly clans: readonly string[]; readonly stats: Readonly<Record<string, number>>; readonly range: A.Range }
  /** A quoted ability ("the ability, \"Battle: Bow target Follower.\""): a card is given it. */
  | { readonly ty: "ability"; readonly ability: A.AbilityText; readonly range: A.Range }
  /** "your Fate deck", "a battlefield", "this Province": a place declared in rules/ (places.ts). */
  | PlaceValue
  /** The rest of the clause after a frame ("bring {c} into play {how}"), read as adjuncts into the
   *  effect's hook of that name when the phrase is chosen (adjuncts.ts). */
  | { readonly ty: "adjuncts"; readonly words: readonly Word[]; readonly range: A.Range };

export interface Match {
  readonly slots: ReadonlyMap<string, SlotValue>;
  readonly literals: number;
}

type Found<V> = readonly { readonly v: V; readonly next: number }[];

const PRONOUNS = new Set(["he", "him", "she", "her", "it", "they", "them", "himself", "herself", "itself"]);
const POSSESSIVES = new Set(["his", "her", "its", "their"]);
const MAX_PARSES = 64;
const ANY_CARD: Noun = { words: [], kind: "any", name: "card", plural: false };
const NONE: Found<never> = [];
const NO_MATCHES: readonly never[] = [];

/** What the matcher has worked out on one run of words: slot readings by position and kind, and each
 *  template's parses by where they start and end. */
interface Chart {
  readonly found: Map<number, Found<unknown>>;
  readonly parses: Map<Template, Map<number, { readonly skip: string | undefined; readonly parses: readonly (Match & { next: number })[] }>>;
  /** The noun qualifiers that may read from each position (`qualifiersFrom`). */
  readonly qualifiers: Map<number, readonly SlotPhrase<A.QualifierDecl>[]>;
}
const NO_REFERENCES: readonly Reference[] = [];

/** What a slot reads: a list slot reads card phrases (a list of zones, places). */
function slotKind(part: Extract<TemplatePart, { slot: string }>): string {
  return part.ty.k === "list" ? (part.ty.of.k === "zone" ? "zone" : "card") : part.ty.k;
}

/** What a slot of each type takes; other slot types take nothing. */
/** (A `text` slot reads a clan's name, "you are a {k} Clan player", a keyword's, "gains the {k}
 *  keyword", or a trait's, "a {k} token".) */
const SLOT_KINDS = ["card", "player", "number", "stat", "use", "bonus", "text", "bool", "description", "ability", "zone", "hook"] as const;
/** A template less its first (literal) word: the word a phrase shares with the one before it. */
function withoutFirstWord(template: Template): Template {
  return templateOf(template.parts.slice(1), template.literalCount - 1);
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
  private readonly charts = new Map<readonly Word[], Chart>();
  private readonly chartsBySpan = new Map<string, Chart>();

  /** `selfNames`: the names the card calls itself by ("Kobashi"), each read as the card itself. */
  constructor(private readonly lex: Lexicon, readonly selfNames: readonly (readonly string[])[] = []) {}

  /** All complete matches of words[start, end) against a template. */
  matchTemplate(template: Template, words: readonly Word[], start: number, end: number): readonly Match[] {
    const whole = this.parses(template, words, start, end, undefined, true);
    return whole.length > 0 ? whole : this.forEachCounted(template, words, start, end);
  }

  /** "paying 1 less Gold for each Personality you control": the phrase before "for each", its number
   *  times how many cards the rest names (for-each-number.ts); only when the whole reads no other way. */
  private forEachCounted(template: Template, words: readonly Word[], start: number, end: number): readonly Match[] {
    const out: Match[] = [];
    for (const { at, from, every } of forEachStarts(words, start, end)) {
      const counted = this.cardPhrases(words, from, end).filter((c) => c.next === end && c.v.k === "select");
      if (counted.length === 0) continue;
      for (const m of this.parses(template, words, start, at, undefined, true)) {
        for (const c of counted) {
          if (c.v.k !== "select") continue;
          const slots = multipliedSlots(m.slots, { ty: "countOf", cards: c.v, range: rangeOfWords(words.slice(from, end), c.v.range) }, words, at, end, every);
          if (slots) out.push({ slots, literals: m.literals });
        }
      }
      if (out.length > 0) return out;
    }
    return out;
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
    if (!mayMatch(template, words, start) || !literalsAhead(template, words, start) || !this.firstSlotReads(template, words, start, end, skip)) return NO_MATCHES;
    // A clause tried in parts, and its conditions tried again by each reading around them, meet the
    // same template on the same words several times: its parses are charted too.
    const chart = this.chartOf(words);
    let byTemplate = chart.parses.get(template);
    if (!byTemplate) chart.parses.set(template, (byTemplate = new Map()));
    const key = ((start * (words.length + 1) + end) * 2 + (whole ? 1 : 0)) * 2 + (skip === undefined ? 0 : 1);
    const known = byTemplate.get(key);
    if (known && known.skip === skip) return known.parses;
    const parses = this.collectParses(template, words, start, end, skip, whole);
    byTemplate.set(key, { skip, parses });
    return parses;
  }

  /** The search behind `parses`, once its quick tests have passed: kept apart because its closure's
   *  variables are allocated on every call of the function that declares it, and most calls stop at
   *  the tests. */
  private collectParses(template: Template, words: readonly Word[], start: number, end: number, skip: string | undefined, whole: boolean): readonly (Match & { next: number })[] {
    const out: (Match & { next: number })[] = [];
    const slots = new SlotStack();
    let count = 0;
    // (the words a slot reads from a declared list count as the template's own: word-lists.ts)
    let listed = 0;
    const go = (part: number, pos: number): void => {
      if (count >= MAX_PARSES) return;
      if (part === template.parts.length) {
        count++;
        if (!whole || pos === end) out.push({ slots: slots.toMap(), literals: template.literalCount + listed, next: pos });
        return;
      }
      const p = template.parts[part]!;
      if ("lit" in p) {
        if (readsAs(word(words, pos), p.lit)) go(part + 1, pos + 1);
        else if (eitherAnnouncesOr(template, part, words, pos) || articleBeforeComparative(template, part, words, pos)) go(part, pos + 1);
        return;
      }
      if (p.slot === skip) return go(part + 1, pos);
      // "{c}'s destruction" reads "his destruction", "{a}'s effects" reads "its effects", "reduce {c}'s
      // Force to {n}" reads "reduce his Force to 0".
      const owner = word(words, pos);
      const after = template.parts[part + 1];
      if (owner !== null && POSSESSIVES.has(owner) && after && "lit" in after && after.lit === "'s" && (slotKind(p) === "card" || slotKind(p) === "use") && pos < end) {
        const range = words[pos]!.range;
        slots.set(p.slot, slotKind(p) === "card" ? { ty: "card", v: { k: "pronoun", word: owner, range } } : { ty: "use", range, word: owner === "its" ? "it" : owner });
        go(part + 2, pos + 1);
        slots.delete(p.slot);
      }
      // "{p}'s turn" reads "your turn" and "his turn" (the player a pronoun stands for: a card's controller).
      if (slotKind(p) === "player" && after && "lit" in after && after.lit === "'s" && (owner === "your" || owner === "his" || owner === "her") && pos < end) {
        const range = words[pos]!.range;
        slots.set(p.slot, { ty: "player", v: owner === "your" ? { k: "you", range } : { k: "card", card: { k: "pronoun", word: owner, range }, range } });
        go(part + 2, pos + 1);
        slots.delete(p.slot);
      }
      for (const alt of p.members ? memberSlotValues(p, words, pos, end) : this.slotValues(slotKind(p), words, pos, end)) {
        slots.set(p.slot, alt.v);
        if (p.members) listed += alt.next - pos;
        go(part + 1, alt.next);
        if (p.members) listed -= alt.next - pos;
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
    const next = template.parts[1];
    if (next && "lit" in next && next.lit === "'s" && POSSESSIVES.has(word(words, start) ?? "")) return true;
    if (first.members) return memberSlotValues(first, words, start, end).length > 0;
    return this.slotValues(slotKind(first), words, start, end).length > 0;
  }

  /** The noun phrase that is exactly words[start, end), if any (for `Target X:`): a description of
   *  cards to choose from rather than a reference that happens to read the same. */
  wholeCardPhrase(words: readonly Word[], start: number, end: number): CardPhrase | null {
    const whole = this.cardPhrases(words, start, end).filter((c) => c.next === end);
    return (whole.find((c) => c.v.k === "select") ?? whole[0])?.v ?? null;
  }

  /** The noun phrase of a target or choice before the colon, which may name several cards ("target
   *  one or two enemy Personalities", "choose two of your Personalities"). */
  announcedCardPhrase(words: readonly Word[], start: number, end: number): CardPhrase | null {
    for (const c of countAt(words, start)) {
      // (of the readings, one with a plural noun: "Samurai" is both)
      const to = beforeDistributiveEach(words, c.at, end);
      const v = this.cardPhrases(words, c.at, to).find((r) => r.next === to && r.v.k === "select" && r.v.quant === "none" && namesSeveral(r.v.noun))?.v;
      if (v?.k === "select") return { ...v, count: c.count, range: rangeOfWords(words.slice(start, end), v.range), words: words.slice(start, end) };
    }
    return this.wholeCardPhrase(words, start, end);
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

  /** The declared references and the card's own names read at `pos` ("this Personality", "Zansho"). */
  referencesAt(words: readonly Word[], pos: number, end: number): { v: Extract<CardPhrase, { k: "ref" }>; next: number }[] {
    const { declared, named } = this.referencesAndNames(words, pos, end);
    return [...declared, ...named];
  }

  private referencesAndNames(words: readonly Word[], pos: number, end: number): { declared: { v: Extract<CardPhrase, { k: "ref" }>; next: number }[]; named: { v: Extract<CardPhrase, { k: "ref" }>; next: number }[] } {
    const lex = this.lex;
    const declared: { v: Extract<CardPhrase, { k: "ref" }>; next: number }[] = [];
    const named: { v: Extract<CardPhrase, { k: "ref" }>; next: number }[] = [];
    const w = word(words, pos);
    for (const ref of (w !== null && lex.referencesByFirst.get(w)) || NO_REFERENCES) {
      if (ref.quantity) continue;
      const n = startsWith(words, pos, ref.words);
      if (n > 0 && pos + n <= end) declared.push({ v: { k: "ref", ref, range: rangeOfWords(words.slice(pos, pos + n), words[pos]!.range) }, next: pos + n });
    }
    const self = lex.selfReference;
    if (self && w !== null) {
      for (const name of this.selfNames) {
        const n = name[0] === w ? startsWith(words, pos, name) : -1;
        if (n > 0 && pos + n <= end) {
          named.push({ v: { k: "ref", ref: self, range: rangeOfWords(words.slice(pos, pos + n), words[pos]!.range) }, next: pos + n });
          break;
        }
      }
    }
    return { declared, named };
  }

  private findCardPhrases(words: readonly Word[], pos: number, end: number): Found<CardPhrase> {
    const lex = this.lex;
    const { declared, named } = this.referencesAndNames(words, pos, end);
    const out: { v: CardPhrase; next: number }[] = [...declared];
    const w = word(words, pos);
    if (w && PRONOUNS.has(w)) out.push({ v: { k: "pronoun", word: w, range: words[pos]!.range }, next: pos + 1 });
    out.push(...named);
    // "the targets", "both targets", "each target": the cards of a target of several.
    const two = `${w} ${word(words, pos + 1)}`;
    if ((two === "the targets" || two === "both targets" || two === "each target") && pos + 2 <= end) {
      out.push({ v: { k: "pronoun", word: two, range: rangeOfWords(words.slice(pos, pos + 2), words[pos]!.range), targeted: ANY_CARD }, next: pos + 2 });
    }
    // "the target": the latest target of the ability, whatever it is.
    if (w === "the" && word(words, pos + 1) === "target" && pos + 2 <= end) {
      out.push({ v: { k: "pronoun", word: "the target", range: rangeOfWords(words.slice(pos, pos + 2), words[pos]!.range), targeted: ANY_CARD }, next: pos + 2 });
    }
    // "the second target": the ability's target chosen second (ordinal-targets.ts).
    const ordinal = ordinalTargetAt(words, pos, end);
    if (ordinal) out.push({ v: { k: "pronoun", word: ordinal.word, range: rangeOfWords(words.slice(pos, ordinal.next), words[pos]!.range), targeted: ANY_CARD }, next: ordinal.next });
    // "Discard a card to give him a Force bonus equal to the card's Focus Value": "the card" alone is the
    // card last referred to, as "it" is (Twenty Festivals, Comparing stats: "the card last referred to is meant").
    if (w === "the" && word(words, pos + 1) === "card" && pos + 2 <= end) {
      out.push({ v: { k: "pronoun", word: "the card", range: rangeOfWords(words.slice(pos, pos + 2), words[pos]!.range) }, next: pos + 2 });
    }
    if (w === "the" && word(words, pos + 1) === "targeted") {
      for (const noun of lex.nouns) {
        const n = startsWith(words, pos + 2, noun.words);
        if (n > 0 && pos + 2 + n <= end) out.push({ v: { k: "pronoun", word: "the targeted", range: rangeOfWords(words.slice(pos, pos + 2 + n), words[pos]!.range), targeted: noun }, next: pos + 2 + n });
      }
    }
    // "Choose your performing unbowed Personality ...: Your performer duels the target": the card the
    // ability chose or targeted as "performing".
    if ((w === "your" || w === "the") && word(words, pos + 1) === "performer" && pos + 2 <= end) {
      out.push({ v: { k: "pronoun", word: "the performer", range: rangeOfWords(words.slice(pos, pos + 2), words[pos]!.range), described: "performing" }, next: pos + 2 });
    }
    // "Target a Strategy ...: Put the Strategy into your hand": "the" and a card type is its latest target.
    // "Target an enemy Personality ...: If the enemy Personality is ...": so with one adjective before it.
    // A kind of card ("the attachment") names its latest card the same way, and so does a keyword its
    // target or choice was named by ("Target your performing Yojimbo ... the Yojimbo").
    if (w === "the") {
      const after = [pos + 1, ...(lex.adjectivesByFirst.get(word(words, pos + 1) ?? "") ?? []).map((a) => pos + 1 + Math.max(0, startsWith(words, pos + 1, a.words))).filter((at) => at > pos + 1)];
      for (const at of after) {
        const described = at > pos + 1 ? textOfWords(words.slice(pos + 1, at)).toLowerCase() : undefined;
        for (const noun of lex.nounsByFirst.get(word(words, at) ?? "") ?? []) {
          const n = (noun.kind === "type" || noun.kind === "kind" || noun.kind === "keyword") && !noun.plural ? startsWith(words, at, noun.words) : -1;
          if (n > 0 && at + n <= end) out.push({ v: { k: "pronoun", word: "the targeted", range: rangeOfWords(words.slice(pos, at + n), words[pos]!.range), targeted: noun, definite: true, ...(described ? { described } : {}) }, next: at + n });
        }
      }
    }

    // A quantifier may also be the first word of an adjective ("another player's"): try both readings.
    const starts: { quant: Quantifier; at: number }[] = [{ quant: "none", at: pos }];
    if (w === "a" || w === "an" || w === "any") starts.push({ quant: "a", at: pos + 1 });
    else if (w === "one" && word(words, pos + 1) === "of") starts.push({ quant: "one-of", at: pos + 2 });
    else if ((w === "each" || w === "all") && word(words, pos + 1) === "of") starts.push({ quant: "each", at: pos + 2 });
    else if (w === "each" || w === "all" || w === "every") starts.push({ quant: "each", at: pos + 1 });
    else if (w === "another" && word(words, pos + 1) === "of") starts.push({ quant: "another", at: pos + 2 });
    else if (w === "another") starts.push({ quant: "another", at: pos + 1 });

    const selectOf = (quant: Quantifier, adjectives: Adjective[], noun: Noun, qualifiers: QualifierUse[], next: number): Select => {
      const used = words.slice(pos, next);
      return { k: "select", quant, target: adjectives.some((a) => a.meaning.k === "target"), ...(adjectives.some((a) => a.meaning.k === "target" && a.meaning.chosen) ? { chosen: true } : {}), adjectives, noun, qualifiers, range: rangeOfWords(used, words[pos]!.range), words: used };
    };
    const push = (quant: Quantifier, adjectives: Adjective[], noun: Noun, qualifiers: QualifierUse[], next: number): void => {
      out.push({ v: selectOf(quant, adjectives, noun, qualifiers, next), next });
    };
    // Qualifiers after the noun, at most two ("a target attachment card from your hand").
    const qualified = (quant: Quantifier, adjectives: Adjective[], noun: Noun, qualifiers: QualifierUse[], at: number): void => {
      push(quant, adjectives, noun, qualifiers, at);
      if (qualifiers.length >= 3 || at >= end) return;
      // "with lower Force or without attached Weapons", "without attached Weapons or Armor" (qualifier-lists.ts)
      for (const alt of this.qualifierAlternatives(words, at, end, qualifiers)) {
        if (alt.joins === "and") qualified(quant, adjectives, noun, [...qualifiers, alt.q], alt.next);
        else {
          const a = selectOf(quant, adjectives, noun, qualifiers, at);
          const b = selectOf(quant, adjectives, noun, [...qualifiers.slice(0, -1), alt.q], alt.next);
          out.push({ v: { ...b, adjectives: [], qualifiers: [], noun: { words: [], kind: "phrases", name: "card", plural: noun.plural, phrases: [a, b] }, eitherQualifier: true }, next: alt.next });
        }
      }
      // A further qualifier may follow "and" ("with lower Force and no attachments").
      // ("one to four target Personalities, each with 4 or lower Gold Cost": counts.ts)
      const from = qualifiers.length > 0 && word(words, at) === "and" ? [at, at + 1] : noun.plural && qualifiers.length === 0 && distributiveEachAt(words, at) > 0 ? [distributiveEachAt(words, at)] : [at];
      // ("not at the current battlefield": a qualifier after "not" is denied, negated-qualifiers.ts)
      for (const { start, denied } of from.flatMap((start) => [{ start, denied: false }, ...(word(words, start) === "not" ? [{ start: start + 1, denied: true }] : [])])) {
        for (const q of this.qualifiersFrom(words, start)) {
          if (denied && !deniable(q)) continue;
          for (const m of this.matchPrefix(q.template, words, start, end, q.params[0]?.name)) {
            if (out.length > MAX_PARSES) return;
            if (describesQualified(q, m.slots)) continue;
            if (start > at && !denied && joinsPlaces(qualifiers, q)) {
              const [a, b] = [selectOf(quant, adjectives, noun, qualifiers, at), selectOf(quant, adjectives, noun, [{ q, slots: m.slots }], m.next)];
              out.push({ v: { ...b, adjectives: [], qualifiers: [], noun: { words: [], kind: "phrases", name: "card", plural: noun.plural, phrases: [a, b] }, placesJoined: true }, next: m.next });
              continue;
            }
            qualified(quant, adjectives, noun, [...qualifiers, { q, slots: m.slots, ...(denied ? { denied: true as const } : {}) }], m.next);
          }
        }
      }
      // "with lower Force and no attachments", "without attachments and with lower Force": qualifiers
      // joined by "and" all hold, and the second may share the first's "with".
      if (qualifiers.length === 0 || word(words, at) !== "and" || at + 1 >= end) return;
      const shared = qualifiers[qualifiers.length - 1]!.q.template.leading;
      for (const q of lex.qualifiers) {
        const sharing = shared !== null && q.template.leading === shared && word(words, at + 1) !== shared;
        for (const t of sharing ? [q.template, withoutFirstWord(q.template)] : [q.template]) {
          for (const m of this.matchPrefix(t, words, at + 1, end, q.params[0]?.name)) {
            if (out.length > MAX_PARSES) return;
            if (describesQualified(q, m.slots)) continue;
            qualified(quant, adjectives, noun, [...qualifiers, { q, slots: m.slots }], m.next);
          }
        }
      }
    };
    // "a Personality or Follower", "a Personality, Holding or Region": one of several nouns.
    const nounsAt = (i: number): { noun: Noun; next: number }[] => lex.nounTrie.startingAt(words, i, end).map(({ entry, next }) => ({ noun: entry, next }));
    // "Personalities and Followers": plural nouns joined by "and" name cards of each kind, as "or" does;
    // so do singular ones after "each" ("each Personality and Follower in his unit").
    const alternatives = (quant: Quantifier, adjectives: Adjective[], chosen: Noun[], at: number): void => {
      const sep = word(words, at);
      const kinds = quant === "each" || chosen.every((n) => n.plural);
      const both = kinds && (sep === "and" || (sep === "," && word(words, at + 1) === "and"));
      const orAt = sep === "or" || (sep === "and" && both) ? at + 1 : sep === "," && (word(words, at + 1) === "or" || both) ? at + 2 : sep === "," ? at + 1 : -1;
      if (orAt < 0 || orAt >= end) return;
      for (const next of nounsAt(orAt)) {
        if (both && !next.noun.plural && quant !== "each") continue;
        const all = [...chosen, next.noun];
        const last = sep === "or" || word(words, at + 1) === "or" || both;
        if (last) {
          const either: Noun = { words: all.flatMap((n) => n.words), kind: "either", name: all.map((n) => n.name).join(" or "), plural: all.some((n) => n.plural), of: all };
          qualified(quant, adjectives, either, [], next.next);
        } else alternatives(quant, adjectives, all, next.next);
      }
    };
    const eitherAdjectives = (at: number, chosen: Adjective[], done: (list: Adjective[], next: number) => void): void => {
      const sep = word(words, at);
      const orAt = sep === "or" ? at + 1 : sep === "," && word(words, at + 1) === "or" ? at + 2 : sep === "," ? at + 1 : -1;
      if (orAt < 0 || chosen.length >= 6) return;
      for (const { adj: other, n: m } of this.adjectivesAt(words, orAt, end)) {
        if (orAt + m >= end) continue;
        const list = [...chosen, other];
        if (sep === "or" || word(words, at + 1) === "or") done(list, orAt + m);
        else eitherAdjectives(orAt + m, list, done);
      }
    };
    const selects = (quant: Quantifier, i: number, adjectives: Adjective[]): void => {
      if (out.length > MAX_PARSES || i >= end) return;
      const first = word(words, i) ?? "";
      for (const found of nounsAt(i)) {
        qualified(quant, adjectives, found.noun, [], found.next);
        alternatives(quant, adjectives, [found.noun], found.next);
      }
      // "non-Unique", "non-Shadowlands": an adjective denied.
      if (first.startsWith("non-") && i + 1 < end) {
        const rest = first.slice(4);
        // ("non-Ring card": a type denied; a name the rules do not give a meaning is a trait)
        const types = (lex.nounsByFirst.get(rest) ?? []).filter((n) => (n.kind === "type" || n.kind === "kind") && n.words.length === 1 && !n.plural);
        const typeAdjectives: Adjective[] = types.map((noun) => ({ words: [rest], meaning: { k: "noun", noun } }));
        for (const adj of [...(lex.adjectivesByFirst.get(rest) ?? []), ...typeAdjectives, ...(types.length ? [] : this.traitNamed(words[i]!, rest))]) {
          // ("non-Spider Clan Personality": the rest of a longer adjective follows)
          const more = adj.words.slice(1);
          if (startsWith(words, i + 1, more) < 0 || i + adj.words.length >= end) continue;
          selects(quant, i + adj.words.length, [...adjectives, { words: [first, ...more], meaning: { k: "not", of: adj } }]);
        }
      }
      const pw = word(words, i);
      if (pw && POSSESSIVES.has(pw) && word(words, i + 1) !== "controller" && word(words, i + 1) !== "owner" && i + 1 < end) {
        selects(quant, i + 1, [...adjectives, { words: [pw], meaning: { k: "of", word: pw } }]);
      }
      // ("Zansho's target unbowed Follower", "one of Haruma's Spells")
      if (adjectives.length === 0) for (const owner of possessivesAt(this, words, i, end)) selects(quant, owner.next, [owner.adj]);
      for (const { adj, n } of this.adjectivesAt(words, i, end)) {
        // "Will only attach to a Human": an adjective declared `noun` names the cards it describes.
        if (adj.meaning.k === "declared" && adj.meaning.decl.noun) qualified(quant, [...adjectives, adj], ANY_CARD, [], i + n);
        if (i + n >= end) continue;
        selects(quant, i + n, [...adjectives, adj]);
        // "Courtier or Samurai Personalities", "a Kolat, Ninja, Shadowlands, or dishonorable Personality":
        // any of the adjectives.
        eitherAdjectives(i + n, [adj], (list, next) => selects(quant, next, [...adjectives, { words: list.flatMap((a) => a.words), meaning: { k: "either", of: list } }]));
      }
    };
    for (const s of starts) selects(s.quant, s.at, []);
    // "one or two of your Personalities", "one to three cards", "two enemy Personalities": several.
    for (const c of countAt(words, pos)) {
      const before = out.length;
      selects("none", c.at, []);
      for (let i = before; i < out.length; i++) {
        const o = out[i]!;
        // (only a target is several cards in an effect: "Give one or two of your target Personalities")
        if (o.v.k === "select" && namesSeveral(o.v.noun) && o.v.target) out[i] = { v: { ...o.v, count: c.count }, next: o.next };
        else out.splice(i--, 1);
      }
    }
    // "an Air Shugenja or a Holding": one of two whole noun phrases.  (Not the card performing the
    // action, which is chosen as its performer: "Bow your performing Kensai or one of his Weapons" is
    // a choice of two costs, a Weapon of his in the second.)
    const singles = out.filter((o) => o.v.k === "select" && !o.v.adjectives.some((a) => a.meaning.k === "declared" && a.meaning.decl.performer));
    for (const first of singles) {
      const sep = word(words, first.next);
      const at = sep === "or" ? first.next + 1 : sep === "," && word(words, first.next + 1) === "or" ? first.next + 2 : -1;
      if (at < 0 || at >= end || out.length > MAX_PARSES) continue;
      for (const second of this.cardPhrases(words, at, end)) {
        if (second.v.k !== "select") continue;
        const a = first.v as Select;
        const b = second.v;
        const noun: Noun = { words: [], kind: "phrases", name: "card", plural: false, phrases: [a, b] };
        const used = words.slice(pos, second.next);
        out.push({ v: { k: "select", quant: a.quant, target: a.target || b.target, adjectives: [], noun, qualifiers: [], range: rangeOfWords(used, words[pos]!.range), words: used }, next: second.next });
      }
    }
    return nearestFirst(out);
  }

  /** What may follow the last of a noun's qualifiers after "or" (qualifier-lists.ts): another qualifier
   *  (sharing the last one's first word: "with lower Force or higher Chi"), or another name in its slot. */
  private qualifierAlternatives(words: readonly Word[], at: number, end: number, qualifiers: readonly QualifierUse[]): QualifierAlternative[] {
    const shared = qualifiers.length > 0 ? qualifiers[qualifiers.length - 1]!.q.template.leading : null;
    const readQualifiers = (start: number): { q: QualifierUse; next: number; shared?: true }[] => {
      const found: { q: QualifierUse; next: number; shared?: true }[] = [];
      for (const q of this.lex.qualifiers) {
        const sharing = shared !== null && q.template.leading === shared && word(words, start) !== shared;
        for (const t of sharing ? [q.template, withoutFirstWord(q.template)] : [q.template]) {
          for (const m of this.matchPrefix(t, words, start, end, q.params[0]?.name)) found.push({ q: { q, slots: m.slots }, next: m.next, ...(t !== q.template ? { shared: true as const } : {}) });
        }
      }
      return found;
    };
    return qualifierAlternatives(words, at, end, qualifiers, readQualifiers, (start) => this.slotValues("text", words, start, end));
  }

  /** A number: a literal, a card's stat, a player's value, a count of cards, and sums, differences,
   *  doubles and halves of those ("his Personal Honor plus two", "half his Force, rounded up"). */
  private quantities(words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    const out: { v: SlotValue; next: number }[] = [];
    const range = (to: number): A.Range => rangeOfWords(words.slice(pos, to), words[pos]!.range);
    const w = word(words, pos);
    const ordinal = ordinalNumberAt(words, pos, end);
    if (ordinal) return [ordinal];
    if (w === "twice" || w === "half") {
      for (const q of this.baseQuantities(words, pos + 1, end)) {
        let next = q.next;
        let op: "*" | "half" | "halfUp" = w === "twice" ? "*" : "half";
        // "half his Force, rounded up" (halves are rounded down unless the card says otherwise)
        if (w === "half" && word(words, next) === "," && word(words, next + 1) === "rounded" && (word(words, next + 2) === "up" || word(words, next + 2) === "down")) {
          if (word(words, next + 2) === "up") op = "halfUp";
          next += 3;
        }
        const two: SlotValue = { ty: "number", v: 2, range: words[pos]!.range };
        out.push({ v: { ty: "arith", op, left: q.v, right: op === "*" ? two : null, range: range(next) }, next });
      }
      return out;
    }
    for (const q of this.baseQuantities(words, pos, end)) {
      out.push(q);
      // "its Focus Value or this Shugenja's Chi, whichever is higher" (whichever.ts)
      const second = whicheverSecondAt(words, q.next);
      if (second > 0 && second < end) {
        for (const r of this.baseQuantities(words, second, end)) {
          const which = whicheverAfter(words, r.next);
          if (which && which.next <= end) out.push({ v: { ty: "arith", op: which.op, left: q.v, right: r.v, range: range(which.next) }, next: which.next });
        }
      }
      // ("its Focus Value, plus 1 if Shiba Iaimiko is in play": the comma before a conditional addend)
      const comma = word(words, q.next) === "," ? 1 : 0;
      const op = word(words, q.next + comma);
      if (op !== "plus" && op !== "minus") continue;
      for (const r of this.baseQuantities(words, q.next + comma + 1, end)) {
        const arith = (right: SlotValue, next: number): { v: SlotValue; next: number } => ({ v: { ty: "arith", op: op === "plus" ? "+" : "-", left: q.v, right, range: range(next) }, next });
        // ("this Shugenja's Chi, plus the number of ...": after a comma, an addend that closes what the slot reads)
        if (!comma || r.next === end) out.push(arith(r.v, r.next));
        // "plus 2 if he is a Tactician": the condition runs to the end of what the slot may read.
        if (word(words, r.next) === "if" && r.next + 1 < end) out.push(arith({ ty: "when", then: r.v, words: words.slice(r.next + 1, end), range: range(end) }, end));
      }
      // "his Force plus Chi": a bare stat after the operator is the same card's ("his Force plus his Chi")
      if (!comma && q.v.ty === "numberOf") {
        const card = q.v.card;
        for (const s of this.statsAt(words, q.next + 1, end)) {
          const right: SlotValue = { ty: "numberOf", stat: s.stat, card, range: range(s.next), ...s.printed };
          out.push({ v: { ty: "arith", op: op === "plus" ? "+" : "-", left: q.v, right, range: range(s.next) }, next: s.next });
        }
      }
    }
    // "..., to a maximum of 10" (whichever.ts)
    for (const q of [...out]) {
      const bound = boundAfter(words, q.next, pos);
      if (!bound || bound.next >= end) continue;
      for (const r of this.baseQuantities(words, bound.next, end)) out.push({ v: { ty: "arith", op: bound.op, left: q.v, right: r.v, range: range(r.next), bound: true }, next: r.next });
    }
    return out;
  }

  private baseQuantities(words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    const lex = this.lex;
    const w = words[pos];
    if (!w || pos >= end) return NONE;
    const range = (to: number): A.Range => rangeOfWords(words.slice(pos, to), w.range);
    const n = numberOf(w);
    const out: { v: SlotValue; next: number }[] = n === null ? [] : [{ v: { ty: "number", v: n, range: w.range }, next: pos + 1 }];
    const lw = word(words, pos);
    // "the amount of Gold paid"
    for (const ref of (lw !== null && lex.referencesByFirst.get(lw)) || NO_REFERENCES) {
      const k = ref.quantity ? startsWith(words, pos, ref.words) : -1;
      if (k > 0 && pos + k <= end) out.push({ v: { ty: "quantity", ref, range: range(pos + k) }, next: pos + k });
    }
    // "the Focus Value of the discarded card"
    if (lw === "the") {
      for (const s of lex.stats) {
        const k = startsWith(words, pos + 1, s.words);
        if (k < 0 || word(words, pos + 1 + k) !== "of") continue;
        for (const c of this.cardPhrases(words, pos + 2 + k, end)) {
          if (c.v.k === "select" && !c.v.target) continue;
          out.push({ v: { ty: "numberOf", stat: s.stat, card: c.v, range: range(c.next) }, next: c.next });
        }
      }
      // "the highest Chi among all Courtiers you control" (extremes.ts)
      out.push(...extremesAt(words, pos, end, (at) => this.statsAt(words, at, end), (at) => this.cardPhrases(words, at, end)));
      // "the number of cards in your hand"
      if (word(words, pos + 1) === "number" && word(words, pos + 2) === "of") {
        for (const c of this.cardPhrases(words, pos + 3, end)) if (c.v.k === "select") out.push({ v: { ty: "countOf", cards: c.v, range: range(c.next) }, next: c.next });
      }
    }
    // "his Chi", "its Force", "his printed Personal Honor", "his own base Force"
    if (lw !== null && POSSESSIVES.has(lw)) {
      const own = word(words, pos + 1) === "own" ? 1 : 0;
      for (const s of this.statsAt(words, pos + 1 + own, end)) out.push({ v: { ty: "numberOf", stat: s.stat, card: { k: "pronoun", word: lw, range: w.range }, range: range(s.next), ...s.printed }, next: s.next });
    }
    // "your Family Honor"
    if (lw === "your") {
      for (const v of lex.values) {
        const k = startsWith(words, pos + 1, v.words);
        if (k > 0 && pos + 1 + k <= end) out.push({ v: { ty: "valueOf", value: v.value, player: { k: "you", range: w.range }, range: range(pos + 1 + k) }, next: pos + 1 + k });
      }
    }
    // "this Shugenja's Chi", "the Personality's base Chi", "his controller's Family Honor", "your
    // Kensai's Chi" (the one of yours the ability chose: context.ts, yoursNamed)
    for (const c of this.cardPhrases(words, pos, end)) {
      // (or a card targeted there: "your target Personality's Chi", slotArg in sentences.ts)
      if ((c.v.k === "select" && !yoursAlone(c.v) && !c.v.target) || word(words, c.next) !== "'s") continue;
      for (const s of this.statsAt(words, c.next + 1, end)) out.push({ v: { ty: "numberOf", stat: s.stat, card: c.v, range: range(s.next), ...s.printed }, next: s.next });
    }
    for (const p of this.playerPhrases(words, pos, end)) {
      if (p.v.k !== "card" || word(words, p.next) !== "'s") continue;
      for (const v of lex.values) {
        const k = startsWith(words, p.next + 1, v.words);
        if (k > 0 && p.next + 1 + k <= end) out.push({ v: { ty: "valueOf", value: v.value, player: p.v, range: range(p.next + 1 + k) }, next: p.next + 1 + k });
      }
    }
    return out;
  }

  /** A stat's name at `pos`, after "printed" or "base" if either comes first. PRINTED (Twenty Festivals):
   *  "a stat ... as printed on the most recent printing of the card, without modification"; the
   *  Samurai-era cards say "base" of the same value (no card here changes a base stat). */
  private statsAt(words: readonly Word[], pos: number, end: number): { stat: string; next: number; printed: { printed?: true } }[] {
    const printed = word(words, pos) === "printed" || word(words, pos) === "base";
    // ("its current Force": the stat as it is now, modified, which a stat's name alone already says)
    const lead = printed || word(words, pos) === "current" ? 1 : 0;
    const out: { stat: string; next: number; printed: { printed?: true } }[] = [];
    for (const s of this.lex.stats) {
      const k = startsWith(words, pos + lead, s.words);
      if (k > 0 && pos + lead + k <= end) out.push({ stat: s.stat, next: pos + lead + k, printed: printed ? { printed: true } : {} });
    }
    return out;
  }

  /**
   * The adjectives that can begin at `pos`: the lexicon's, or a trait no card of the program prints
   * ("target Kolat Personality"): a capitalised word the rules give no meaning (not the card's own
   * name), or a clan's name followed by "Clan" ("a Unicorn Clan Personality").
   */
  private adjectivesAt(words: readonly Word[], pos: number, end: number): { adj: Adjective; n: number }[] {
    const out: { adj: Adjective; n: number }[] = [];
    const w = word(words, pos);
    if (w === null) return out;
    for (const adj of this.lex.adjectivesByFirst.get(w) ?? []) {
      const n = startsWith(words, pos, adj.words);
      if (n > 0 && pos + n <= end) out.push({ adj, n });
    }
    if (out.length > 0) return out;
    const at = words[pos]!;
    if (this.lex.clans.some((c) => c.words.length === 1 && c.words[0] === w) && word(words, pos + 1) === "clan" && pos + 2 <= end) {
      const name = `${(at as { text: string }).text} Clan`;
      out.push({ adj: { words: [w, "clan"], meaning: { k: "trait", trait: name } }, n: 2 });
    } else for (const adj of this.traitNamed(at, w)) out.push({ adj, n: 1 });
    if (out.length === 0) out.push(...this.typeNameAsTrait(words, pos, end));
    return out;
  }

  /** A card type's name before another noun is the trait of that name ("a Sensei Personality"). */
  private typeNameAsTrait(words: readonly Word[], pos: number, end: number): { adj: Adjective; n: number }[] {
    const at = words[pos]!;
    const w = word(words, pos);
    const next = word(words, pos + 1);
    if (at.t !== "w" || w === null || next === null || pos + 1 >= end) return [];
    const isType = (x: string) => (this.lex.nounsByFirst.get(x) ?? []).some((n) => n.kind === "type" && !n.plural && n.words.length === 1);
    if (!isType(w) || !(this.lex.nounsByFirst.get(next) ?? []).some((n) => n.kind === "type" || n.kind === "kind")) return [];
    return [{ adj: { words: [w], meaning: { k: "trait", trait: at.text } }, n: 1 }];
  }

  /** A capitalised word the rules give no meaning, read as a trait (not one of the card's own names). */
  private traitNamed(at: Word, lower: string): Adjective[] {
    // ("non-Shadowlands" is the trait denied: read where "non-" is)
    if (lower.startsWith("non-")) return [];
    if (at.t !== "w" || this.lex.meaningfulWords.has(lower) || this.selfNames.some((n) => n.length === 1 && n[0] === lower)) return [];
    const text = at.text.startsWith("non-") ? at.text.slice(4) : at.text;
    if (!/^[A-Z][a-z]/.test(text)) return [];
    return [{ words: [lower], meaning: { k: "trait", trait: text } }];
  }

  /** Numbers from `pos` (what a number slot reads). */
  numbers(words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    return this.slotValues("number", words, pos, end);
  }

  /** Players from `pos` (what a player slot reads). */
  players(words: readonly Word[], pos: number, end: number): Found<PlayerPhrase> {
    return pos < end && words[pos] ? this.playerPhrases(words, pos, end) : NONE;
  }

  /**
   * What a card can be said to be, exactly words[pos, end): "bowed", "a Shugenja", "an unbowed
   * Personality", "at the current battlefield", "dishonorable and attacking" is two of them (the
   * caller splits at "and" and "or").  Adjectives and qualifiers without a noun describe any card.
   */
  states(words: readonly Word[], pos: number, end: number): Select[] {
    const out: Select[] = [];
    for (const c of this.cardPhrases(words, pos, end)) if (c.next === end && c.v.k === "select") out.push(c.v);
    const any: Noun = { words: [], kind: "any", name: "card", plural: false };
    const lex = this.lex;
    const used = (to: number): readonly Word[] => words.slice(pos, to);
    const run = (i: number, adjectives: Adjective[], qualifiers: QualifierUse[]): void => {
      if (out.length > MAX_PARSES) return;
      if (i === end && (adjectives.length > 0 || qualifiers.length > 0)) {
        out.push({ k: "select", quant: "none", target: false, adjectives, noun: any, qualifiers, range: rangeOfWords(used(i), words[pos]!.range), words: used(i) });
        return;
      }
      if (i >= end) return;
      if (qualifiers.length === 0) {
        const first = word(words, i) ?? "";
        for (const adj of lex.adjectivesByFirst.get(first) ?? []) {
          const n = startsWith(words, i, adj.words);
          if (n > 0 && i + n <= end) run(i + n, [...adjectives, adj], qualifiers);
        }
        if (first.startsWith("non-")) for (const adj of lex.adjectivesByFirst.get(first.slice(4)) ?? []) if (adj.words.length === 1) run(i + 1, [...adjectives, { words: [first], meaning: { k: "not", of: adj } }], qualifiers);
      }
      if (qualifiers.length >= 3) return;
      for (const q of this.qualifiersFrom(words, i)) for (const m of this.matchPrefix(q.template, words, i, end, q.params[0]?.name)) run(m.next, adjectives, [...qualifiers, { q, slots: m.slots }]);
      // ("not involved in a duel": negated-qualifiers.ts)
      if (word(words, i) === "not") for (const q of this.qualifiersFrom(words, i + 1)) if (deniable(q)) for (const m of this.matchPrefix(q.template, words, i + 1, end, q.params[0]?.name)) run(m.next, adjectives, [...qualifiers, { q, slots: m.slots, denied: true }]);
    };
    run(pos, [], []);
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
    if ((w === "each" || w === "every") && word(words, pos + 1) === "other" && word(words, pos + 2) === "player") out.push({ v: { k: "other", quant: "eachOther", range: r(3) }, next: pos + 3 });
    // "each player with 21 or more Family Honor": one qualifier of players after "each (other) player".
    const each = two === "each player" || two === "every player" ? 2 : (w === "each" || w === "every") && word(words, pos + 1) === "other" && word(words, pos + 2) === "player" ? 3 : 0;
    if (each > 0) {
      for (const q of this.lex.playerQualifiers) {
        for (const m of this.matchPrefix(q.template, words, pos + each, end, q.params[0]?.name)) {
          out.push({ v: { k: "qualified", others: each === 3, qualifiers: [{ q, slots: m.slots }], range: r(m.next - pos) }, next: m.next });
        }
      }
    }
    if (two === "a player") out.push({ v: { k: "other", quant: "a", range: r(2) }, next: pos + 2 });
    const target = playerChoiceAt(words, pos, true);
    if (target) out.push({ v: { k: "target", others: target.others, words: words.slice(pos, target.next), range: r(target.next - pos) }, next: target.next });
    // "his controller": the player controlling the card a pronoun stands for.
    if (w && POSSESSIVES.has(w) && word(words, pos + 1) === "controller") out.push({ v: { k: "card", card: { k: "pronoun", word: w, range: words[pos]!.range }, range: r(2) }, next: pos + 2 });
    // "its owner": the player owning the card a pronoun stands for.
    if (w && POSSESSIVES.has(w) && word(words, pos + 1) === "owner") out.push({ v: { k: "owner", card: { k: "pronoun", word: w, range: words[pos]!.range }, range: r(2) }, next: pos + 2 });
    // "the controller of the duel's winner", "the owner of the target"
    if ((two === "the controller" || two === "the owner") && word(words, pos + 2) === "of") {
      const k = two === "the owner" ? "owner" : "card";
      for (const c of this.cardPhrases(words, pos + 3, end)) out.push({ v: { k, card: c.v, range: rangeOfWords(words.slice(pos, c.next), words[pos]!.range) }, next: c.next });
    }
    for (const c of this.cardPhrases(words, pos, end)) {
      out.push({ v: { k: "card", card: c.v, range: c.v.range }, next: c.next });
      // "the winner's controller", "the target's owner": the player controlling (owning) the card a phrase names.
      const whose = word(words, c.next) === "'s" ? word(words, c.next + 1) : undefined;
      if (whose === "controller" || whose === "owner") out.push({ v: { k: whose === "owner" ? "owner" : "card", card: c.v, range: rangeOfWords(words.slice(pos, c.next + 2), words[pos]!.range) }, next: c.next + 2 });
    }
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
      case "number":
        return this.quantities(words, pos, end);
      case "text": {
        const out: { v: SlotValue; next: number }[] = [];
        for (const c of lex.clans) {
          const n = startsWith(words, pos, c.words);
          if (n > 0 && pos + n <= end) out.push({ v: { ty: "text", v: c.clan, range: rangeOfWords(words.slice(pos, pos + n), w.range) }, next: pos + n });
        }
        // (a plural names the keyword too: "with fewer Weapons")
        // (only nouns whose first word is this one's can match: the lexicon's index, in the nouns' order)
        for (const n of (w.t === "w" && lex.nounsByFirst.get(w.lower)) || []) {
          if (n.kind !== "keyword" && n.kind !== "trait") continue;
          const k = startsWith(words, pos, n.words);
          if (k > 0 && pos + k <= end) out.push({ v: { ty: "text", v: n.name, range: rangeOfWords(words.slice(pos, pos + k), w.range) }, next: pos + k });
        }
        // A name that is no noun of its own ("a Master token", though "Master Tactician" is a trait): a
        // capitalised word, not one of the card's own names unless "token" follows ("Blood of Shahai": "a
        // -1C Blood token").
        const token = word(words, pos + 1) === "token" || word(words, pos + 1) === "tokens";
        if (out.length === 0 && w.t === "w" && /^[A-Z][a-z]/.test(w.text) && (token || !this.selfNames.some((n) => n.length === 1 && n[0] === w.lower))) {
          const alone = (list: readonly { words: readonly string[] }[] | undefined): boolean => (list ?? []).some((e) => e.words.length === 1);
          if (!alone(lex.nounsByFirst.get(w.lower)) && !alone(lex.adjectivesByFirst.get(w.lower)) && !alone(lex.referencesByFirst.get(w.lower))) out.push({ v: { ty: "text", v: w.text, range: w.range }, next: pos + 1 });
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
      case "bool":
        return [{ v: { ty: "bool", words: words.slice(pos, end), range: rangeOfWords(words.slice(pos, end), w.range) }, next: end }];
      case "hook":
        return [{ v: { ty: "adjuncts", words: words.slice(pos, end), range: rangeOfWords(words.slice(pos, end), w.range) }, next: end }];
      case "use":
        return usePhrases(lex, this, words, pos, end);
      case "bonus": {
        if (w.t !== "n") return [];
        // "+2F", or the stat's name after the amount: "-2 Gold Cost"
        const m = /^([+-]\d+)([A-Za-z]+)$/.exec(w.text) ?? /^([+-]\d+)()$/.exec(w.text);
        const named = m && m[2] === "" ? lex.stats.find((s) => startsWith(words, pos + 1, s.words) > 0 && pos + 1 + s.words.length <= end) : undefined;
        const stat = m ? (named ? named.stat : lex.statShort.get(m[2]!)) : undefined;
        if (!m || !stat) return [];
        const after = named ? pos + 1 + named.words.length : pos + 1;
        const out: { v: SlotValue; next: number }[] = [{ v: { ty: "bonus", stat, amount: Number(m[1]), range: rangeOfWords(words.slice(pos, after), w.range) }, next: after }];
        // "+1F for each Unicorn Clan Personality you control", "+1F for each Holding you control"
        if (word(words, after) === "for" && (word(words, after + 1) === "each" || word(words, after + 1) === "every")) {
          // "+1F for every two Farms you control": the amount for each whole group of that many
          const group = word(words, after + 1) === "every" ? groupAfterEvery(words, after + 2) : null;
          const every = group !== null ? { every: group } : {};
          const from = after + 2 + (group !== null ? 1 : 0);
          for (const c of this.cardPhrases(words, from, end)) {
            if (c.v.k !== "select") continue;
            const counted: SlotValue = { ty: "countOf", cards: c.v, range: rangeOfWords(words.slice(from, c.next), w.range) };
            out.push({ v: { ty: "bonus", stat, amount: Number(m[1]), range: rangeOfWords(words.slice(pos, c.next), w.range), per: counted, ...every }, next: c.next });
          }
        }
        return out;
      }
      case "description":
        return this.description(words, pos, end);
      case "ability":
        return pos < end && w.t === "quote" ? [{ v: { ty: "ability", ability: w.ability, range: w.range }, next: pos + 1 }] : [];
      case "zone":
        return placePhrases(lex, this, words, pos, end);
      default:
        return [];
    }
  }

  /**
   * A card to be created, as card text describes it: its stats ("2F / 2C / 0PH", "+1F"), then its
   * names joined by bullets ("Lion Clan • Samurai • Spirit": clans, keywords and traits), then its
   * type, singular ("Personality").  Each reading ends at the type; what follows is the template's.
   */
  private description(words: readonly Word[], pos: number, end: number): Found<SlotValue> {
    const lex = this.lex;
    const stats: Record<string, number> = {};
    let at = pos;
    for (;;) {
      const w = words[at];
      const m = w && w.t === "n" ? /^([+-]?\d+)([A-Za-z]+)$/.exec(w.text) : null;
      const stat = m ? lex.statShort.get(m[2]!) : undefined;
      if (!m || !stat || stat in stats) break;
      stats[stat] = Number(m[1]);
      at++;
      if (word(words, at) === "/" && words[at + 1]?.t === "n") at++;
      else break;
    }
    const keywords: string[] = [];
    const traits: string[] = [];
    const clans: string[] = [];
    const out: { v: SlotValue; next: number }[] = [];
    for (;;) {
      // The type ends the description: "Personality", "Follower" ("two 1F Followers": the count is the
      // template's).
      for (const n of lex.nounsByFirst.get(word(words, at) ?? "") ?? []) {
        if (n.kind !== "type") continue;
        const k = startsWith(words, at, n.words);
        if (k > 0 && at + k <= end) {
          const range = rangeOfWords(words.slice(pos, at + k), words[pos]!.range);
          out.push({ v: { ty: "description", type: n.name, keywords: [...keywords], traits: [...traits], clans: [...clans], stats: { ...stats }, range }, next: at + k });
        }
      }
      if (out.length > 0 || at >= end) return out;
      // A name: a clan ("Lion Clan", "Lion"), a declared keyword, or a capitalised word no other noun
      // begins (a trait no card of the program prints).
      const named = this.findSlotValues("text", words, at, end).filter((v) => v.v.ty === "text");
      const longest = named.reduce<(typeof named)[number] | null>((a, b) => (!a || b.next > a.next ? b : a), null);
      // Between bullets a capitalised word is a trait even where it is one of the card's own names
      // ("Ashalan Ambush" creates an "Ashalan • Nonhuman • Shugenja Personality").
      const w = words[at];
      let name: string;
      let next: number;
      if (longest && longest.v.ty === "text") {
        name = longest.v.v;
        next = longest.next;
      } else if (w?.t === "w" && /^[A-Z][a-z]/.test(w.text) && word(words, at + 1) === "•") {
        name = w.text;
        next = at + 1;
      } else return out;
      // (a clan is "Lion Clan" in a description; a faction's name alone is its trait: "Lion Clan •
      // Samurai • Spirit Personality" is a Spirit of the Lion Clan)
      if (lex.clans.some((c) => c.clan === name) && word(words, next) === "clan") {
        clans.push(name);
        next++;
      } else if (lex.keywords.has(name)) keywords.push(name);
      else traits.push(name);
      at = next;
      if (word(words, at) === "•") at++;
    }
  }

  private charted<V>(words: readonly Word[], kind: number, pos: number, end: number, find: () => Found<V>): Found<V> {
    const chart = this.chartOf(words).found;
    const key = (pos * (words.length + 1) + end) * CHART_KINDS + kind;
    let found = chart.get(key) as Found<V> | undefined;
    if (!found) chart.set(key, (found = find()));
    return found;
  }

  /** The noun qualifiers whose template may read words from `start` (the quick test of `parses`), in
   *  declaration order: a noun phrase tries its qualifiers at the same word for each of its readings
   *  (each quantifier, adjective and noun before it), so the others are passed over once per position. */
  private qualifiersFrom(words: readonly Word[], start: number): readonly SlotPhrase<A.QualifierDecl>[] {
    const chart = this.chartOf(words);
    let list = chart.qualifiers.get(start);
    if (!list) chart.qualifiers.set(start, (list = qualifiersThatMayRead(this.lex, words, start)));
    return list;
  }

  private chartOf(words: readonly Word[]): Chart {
    let chart = this.charts.get(words);
    if (!chart) {
      // Runs of the same words share a chart, whichever array holds them (a clause is tried in parts).
      const same = wordsKey(words);
      chart = this.chartsBySpan.get(same);
      if (!chart) this.chartsBySpan.set(same, (chart = { found: new Map(), parses: new Map(), qualifiers: new Map() }));
      this.charts.set(words, chart);
    }
    return chart;
  }
}

/** "your Kensai": a noun phrase that may name a card of yours the ability chose (context.ts, yoursNamed). */
export function yoursAlone(v: Select): boolean {
  return v.quant === "none" && !v.target && !v.noun.plural && v.qualifiers.length === 0 && v.adjectives.length === 1 && v.adjectives[0]!.words.join(" ") === "your";
}

export type { Noun };
type Select = Extract<CardPhrase, { k: "select" }>;

/** Readings of a noun phrase that end at the same word, those whose last qualifier describes the card
 *  another qualifier names first: in "an attachment on a Personality involved in this duel" the last
 *  qualifier is the Personality's, as in English, and not the attachment's. */
function nearestFirst<T extends { v: CardPhrase; next: number }>(out: T[]): T[] {
  // (a number of cards a qualifier names nests them too: "with Force lower than the highest Chi among
  // Shugenja you control")
  const describes = (v: SlotValue | null): boolean =>
    v !== null && ((v.ty === "card" && v.v.k === "select" && v.v.qualifiers.length > 0) || ((v.ty === "extremeOf" || v.ty === "countOf") && v.cards.qualifiers.length > 0) || (v.ty === "arith" && (describes(v.left) || describes(v.right))));
  const nested = (c: T): number => (c.v.k === "select" && c.v.qualifiers.some((q) => [...q.slots.values()].some(describes)) ? 0 : 1);
  if (out.length < 2 || out.every((c) => nested(c) === 1)) return out;
  // (each reading keeps the places its group held: readings that end elsewhere do not move)
  const groups = new Map<number, T[]>();
  for (const c of out) groups.set(c.next, [...(groups.get(c.next) ?? []), c]);
  const sorted = new Map([...groups].map(([next, g]) => [next, g.map((c, i) => ({ c, i })).sort((a, b) => nested(a.c) - nested(b.c) || a.i - b.i).map((x) => x.c)]));
  const taken = new Map<number, number>();
  return out.map((c) => {
    const n = taken.get(c.next) ?? 0;
    taken.set(c.next, n + 1);
    return sorted.get(c.next)![n]!;
  });
}
