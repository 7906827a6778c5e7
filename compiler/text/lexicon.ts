// The lexicon of card text, built from the declared vocabulary: which words name card types and
// keywords (nouns), filters (adjectives), references, stats, effects, events, timing points, delays
// and ability kinds.  Nothing here is an L5R word: every entry comes from rules/.
import { pluralEventTemplates } from "./plural-events.ts";
import type * as A from "../../grammar/index.ts";
import type { Callable, Symbols } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import { Diagnostics } from "../diagnostics.ts";
import { Scope } from "../check/scope.ts";
import { nullable, T, type Ty } from "../types.ts";
import { literalAt, phraseWords, type Word } from "./words.ts";
import { readingOf } from "./comparatives.ts";
import { WordTrie } from "./word-trie.ts";
import type { CardPhrase } from "./match.ts";
import { paramWordLists, slotWordLists, type SlotWords } from "./word-lists.ts";
import { declaredWordings, settingVariants } from "./phrase-variants.ts";
import { settledWordings } from "./settled-wordings.ts";
import { eventWordings, type UnsaidFilters } from "./event-settings.ts";
import { leadWordings, type LeadSetting } from "./lead-settings.ts";
import { settingsNamed } from "./alternative-settings.ts";

/** (`members`: the declared words the slot reads, and only those: word-lists.ts) */
export type TemplatePart = { readonly lit: string } | { readonly slot: string; readonly ty: Ty; readonly members?: SlotWords };

export interface Template {
  readonly parts: readonly TemplatePart[];
  readonly literalCount: number;
  /** The first literal word, which every match contains (null when the template has none). */
  readonly firstLiteral: string | null;
  /** The words every match reads, each as it reads (comparatives.ts), less "'s", which a possessive
   *  pronoun stands in for ("its effects" matches "{a}'s effects"): a run of words without one of them is
   *  turned down before a parse is set up. */
  readonly needed: readonly string[];
  /** The word the template begins with, if it begins with one (not a slot). */
  readonly leading: string | null;
}

/** A template of these parts. */
export function templateOf(parts: readonly TemplatePart[], literalCount: number): Template {
  // (not "'s", which a possessive pronoun stands in for: "its effects" matches "{a}'s effects")
  const first = parts.find((p): p is { lit: string } => "lit" in p && p.lit !== "'s");
  const needed = new Set<string>();
  for (const p of parts) if ("lit" in p && p.lit !== "'s") needed.add(readingOf(p.lit));
  const head = parts[0];
  return { parts, literalCount, firstLiteral: first ? first.lit : null, needed: [...needed], leading: head && "lit" in head ? head.lit : null };
}

/**
 * What names a declared phrase in coverage reports (which phrases supported cards use, which scenarios
 * exercise): its kind and its text as declared, `effect "bow {c}"`, `condition "you are the Attacker"`.
 */
export type PhraseId = string;

export function phraseId(kind: string, text: string): PhraseId {
  return `${kind} "${text}"`;
}

export interface EffectPhrase {
  readonly id: PhraseId;
  readonly effect: Extract<Callable, { kind: "effect" }>;
  readonly template: Template;
  readonly settings: readonly A.Setting[];
  /** The context names each parameter's default needs, for the parameters the phrase leaves to their
   *  defaults unless a slot gives them (worked out once, not for every match). */
  readonly defaultNeeds: ReadonlyMap<string, readonly string[]>;
}

export interface EventPhrase {
  readonly id: PhraseId;
  readonly event: string;
  readonly params: readonly { name: string; ty: Ty }[];
  readonly template: Template;
  /** Named by "Before ..." triggers (it is emitted before what it announces happens). */
  readonly before: boolean;
  /** Named by "When ..." triggers (it is emitted as what it names happens). */
  readonly when: boolean;
  /** What the wording filters without a slot (compiler/text/event-settings.ts). */
  readonly unsaid: UnsaidFilters | null;
}

/** A declared phrase with typed slots and a body: conditions ("If ..."), qualifiers, searches. */
export interface SlotPhrase<D> {
  readonly id: PhraseId;
  readonly template: Template;
  readonly decl: D;
  readonly file: A.SourceFile;
  readonly params: readonly { name: string; ty: Ty }[];
  /** What the wording's bracketed alternatives set (a condition's: `[since your last turn began (since =
   *  "began")]`), as the source between their parentheses and the settings. */
  readonly settings?: readonly A.Setting[];
}

export interface Noun {
  readonly words: readonly string[];
  /** "either": one of several nouns ("a Personality or Follower"), in `of`; "phrases": one of several
   *  whole noun phrases ("an Air Shugenja or a Holding"), in `phrases` (match.ts's selects);
   *  "title": a card by its name, as a title names it ("a target Ikoma Ayumu", "a card titled Blood of the
   *  Preserver"). */
  readonly kind: "type" | "keyword" | "trait" | "title" | "any" | "kind" | "either" | "phrases";
  readonly name: string;
  readonly plural: boolean;
  readonly of?: readonly Noun[];
  readonly phrases?: readonly unknown[];
}

export type AdjectiveMeaning =
  | { readonly k: "declared"; readonly decl: A.AdjectiveDecl; readonly file: A.SourceFile }
  | { readonly k: "flag"; readonly flag: string; readonly value: boolean }
  | { readonly k: "keyword"; readonly keyword: string }
  /** A name cards print with no rules meaning ("Shadowlands", "Crane Clan"). */
  | { readonly k: "trait"; readonly trait: string }
  /** "Crane Clan", "Naga": a card of the clan, by its clans or by the trait cards print for it. */
  | { readonly k: "clan"; readonly clan: string; readonly orTrait?: true }
  /** `chosen`: "your chosen performing Ronin Personality", chosen when the ability is announced but
   *  not targeted. */
  | { readonly k: "target"; readonly chosen?: true }
  | { readonly k: "either"; readonly of: readonly Adjective[] }
  /** "Bushido Virtue" as one of a list ("your Tactical, Bushido Virtue, or Terrain action"): all of them. */
  | { readonly k: "all"; readonly of: readonly Adjective[] }
  /** "non-Unique": not what the adjective says. */
  | { readonly k: "not"; readonly of: Adjective }
  /** "non-Ring": of the card type (or kind) a noun names, said before another noun. */
  | { readonly k: "noun"; readonly noun: Noun }
  /** "its attachments", "his Followers": cards attached to the card a possessive pronoun stands for. */
  | { readonly k: "of"; readonly word: string }
  /** "Haruma's Spells", "this Personality's Weapons": attached to the card a name or reference names. */
  | { readonly k: "ofCard"; readonly card: Extract<CardPhrase, { k: "ref" }> };

export interface Adjective {
  readonly words: readonly string[];
  readonly meaning: AdjectiveMeaning;
}

export interface Reference {
  readonly words: readonly string[];
  /** The declared phrase, when it has bracketed words (phrase-variants.ts): the id coverage counts. */
  readonly phrase?: string;
  readonly decl: A.ReferenceDecl;
  readonly file: A.SourceFile;
  /** Names the reference needs from its context (a hook's `loser`, an ability kind's `duel`). */
  readonly needs: readonly string[];
  /** `for Interrupt`: only abilities of one of these timings may use it (empty: any). */
  readonly timings: readonly string[];
  /** A number, not a card ("the amount of Gold paid": a call of a function that gives a number). */
  readonly quantity: boolean;
}

export interface Later {
  readonly words: readonly string[];
  /** The declared phrase, when it has bracketed words (phrase-variants.ts): the id coverage counts. */
  readonly phrase?: string;
  /** At the end of the running sequence of this name, or (null) the next time `onceEvent` happens. */
  readonly seq: string | null;
  readonly onceEvent: A.LaterDecl["onceEvent"];
}

/** "until the end of the turn": the sequences whose end it is (none: forever), or the event whose next
 *  happening ends it ("until your next turn begins"). */
export interface Duration {
  readonly words: readonly string[];
  /** The declared phrase, when it has bracketed words (phrase-variants.ts): the id coverage counts. */
  readonly phrase?: string;
  readonly sequences: readonly string[];
  readonly untilEvent: A.DurationDecl["untilEvent"];
}

export interface KindLead {
  /** The card parameter its traits describe with a noun phrase (`describes`), or null. */
  readonly describes: string | null;
  /** The effect whose amount the kind measures (`measures`), or null: a describing kind that measures
   *  one reads what its traits do after the noun phrase ("... for 1 less Gold"). */
  readonly measures: string | null;
  readonly words: readonly string[];
  /** The declared lead, when it has bracketed variants ("You may only play one [copy of] ..."). */
  readonly phrase?: string;
  /** A lead written as icons (":bow:"): abilities whose header is exactly these icons are of the kind. */
  readonly icons: readonly string[] | null;
  readonly kind: string;
  readonly params: readonly { name: string; ty: Ty }[];
  /** What the wording gives the kind's parameters that have a default (lead-settings.ts). */
  readonly settled: readonly LeadSetting[];
}

/** What an icon stands for: `icon ":g{n}:" "pay {n} Gold"`. */
export interface IconMeaning {
  /** Matches the icon's name (between its colons); a number in it is the first group. */
  readonly pattern: RegExp;
  readonly slot: string | null;
  readonly phrase: string;
}

export interface PointPhrase {
  readonly words: readonly string[];
  /** `duel.F`, or a sequence's own start or end: `dynastyPhase` */
  readonly point: string;
  readonly seq: string;
  /** For a sequence's start or end: which trigger word names it ("before ... begins", "after ... ends"). */
  readonly when: "before" | "after" | null;
  /** "your Dynasty Phase ends": the sequence's player parameter must be you ("another player's ...": must
   *  not be, `others`). */
  readonly playerParam: string | null;
  readonly others?: boolean;
  /** "After the Straighten Phase begins": the start of the sequence, named with "after" (the same point
   *  as "before ... begins": both are between the step before and its first heading); "Before your
   *  Dynasty Phase ends": the end of its last heading (`after`), the last point before it ends. */
  readonly at?: "before" | "after";
}

/**
 * Phrases by the word their template begins with.  The list for a word holds the phrases that begin
 * with it and those that begin with a slot, in declaration order (an earlier phrase wins a tie).
 */
export interface PhraseIndex<P> {
  readonly byWord: ReadonlyMap<string, readonly P[]>;
  readonly slotFirst: readonly P[];
  /** Each list's phrases again, by a word each must read further on (`phrasesReading`). */
  readonly keyedByWord: ReadonlyMap<string, KeyedPhrases>;
  readonly keyedSlotFirst: KeyedPhrases;
  /** The phrases in declaration order (the places the keyed lists give). */
  readonly all: readonly P[];
}

/** A list's phrases by their key, a word each must read after its first (as it reads: comparatives.ts),
 *  and those with none, each by its place in declaration order. */
interface KeyedPhrases {
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  readonly unkeyed: readonly number[];
}

/** The phrases a run of words beginning with `word` can match. */
export function phrasesStartingWith<P>(index: PhraseIndex<P>, word: string | null): readonly P[] {
  return (word !== null ? index.byWord.get(word) : undefined) ?? index.slotFirst;
}

/**
 * The phrases the words from `start` can match: `phrasesStartingWith` their first word, less those whose
 * key (a word the phrase must read further on) is not among the words, which the matcher's quick test
 * would turn down one by one.  A clause is tried against every phrase its first word begins, and most
 * need a word it does not have: one pass over its words picks the rest out.
 */
export function phrasesReading<P extends { readonly template: Template }>(index: PhraseIndex<P>, words: readonly Word[], start: number): readonly P[] {
  let byIndex = readingLists.get(words);
  if (!byIndex) readingLists.set(words, (byIndex = new Map()));
  const byStart = byIndex.get(index);
  const kept = byStart?.get(start) as readonly P[] | undefined;
  if (kept) return kept;
  const first = literalAt(words, start);
  const group = (first !== null ? index.keyedByWord.get(first) : undefined) ?? index.keyedSlotFirst;
  const places: (readonly number[])[] = [];
  const seen = new Set<string>();
  for (let i = start; i < words.length; i++) {
    const w = literalAt(words, i);
    if (w === null) continue;
    const r = readingOf(w);
    if (seen.has(r)) continue;
    seen.add(r);
    const at = group.byKey.get(r);
    if (at) places.push(at);
  }
  // (with no key among the words, the list's unkeyed phrases: made once for each list)
  let phrases = places.length === 0 ? (unkeyedLists.get(group) as readonly P[] | undefined) : undefined;
  if (!phrases) phrases = inOrder(group.unkeyed, places).map((i) => index.all[i]!);
  if (places.length === 0) unkeyedLists.set(group, phrases);
  if (byStart) byStart.set(start, phrases);
  else byIndex.set(index, new Map([[start, phrases]]));
  return phrases;
}

const unkeyedLists = new WeakMap<KeyedPhrases, readonly unknown[]>();

/** The phrases each run of words may read, by index and start. */
const readingLists = new WeakMap<readonly Word[], Map<PhraseIndex<unknown>, Map<number, readonly unknown[]>>>();

/** A long list of places and a few short ones, each in order, merged in order. */
function inOrder(long: readonly number[], short: readonly (readonly number[])[]): number[] {
  if (short.length === 0) return [...long];
  const rest = short.length === 1 ? short[0]! : short.flat().sort((a, b) => a - b);
  const out: number[] = [];
  let a = 0;
  let b = 0;
  while (a < long.length || b < rest.length) out.push(b >= rest.length || (a < long.length && long[a]! < rest[b]!) ? long[a++]! : rest[b++]!);
  return out;
}

function indexByFirstWord<P extends { readonly template: Template }>(list: readonly P[]): PhraseIndex<P> {
  const byWord = new Map<string, P[]>();
  // Each word's phrases and those that begin with a slot, in declaration order (a merge of the two
  // lists of places: the phrases are many, and so are their first words).
  const slotAt: number[] = [];
  const wordAt = new Map<string, number[]>();
  list.forEach(({ template: { leading: lit } }, i) => {
    if (lit === null) slotAt.push(i);
    else {
      let at = wordAt.get(lit);
      if (!at) wordAt.set(lit, (at = []));
      at.push(i);
    }
  });
  // A phrase's key: of the words it must read after its first, the one fewest phrases need (the most
  // telling: "give {c} +{n}F until the end of the turn" is keyed by "until", not "the").
  const needs = new Map<string, number>();
  for (const p of list) for (const w of p.template.needed) needs.set(w, (needs.get(w) ?? 0) + 1);
  const keys = list.map((p) => {
    const lead = p.template.leading === null ? null : readingOf(p.template.leading);
    let best: string | null = null;
    for (const w of p.template.needed) if (w !== lead && (best === null || needs.get(w)! < needs.get(best)!)) best = w;
    return best;
  });
  const keyed = (places: readonly number[]): KeyedPhrases => {
    const byKey = new Map<string, number[]>();
    const unkeyed: number[] = [];
    for (const i of places) {
      const k = keys[i];
      if (k === null || k === undefined) unkeyed.push(i);
      else {
        let at = byKey.get(k);
        if (!at) byKey.set(k, (at = []));
        at.push(i);
      }
    }
    return { byKey, unkeyed };
  };
  const keyedByWord = new Map<string, KeyedPhrases>();
  for (const [lit, at] of wordAt) {
    const merged: number[] = [];
    let a = 0;
    let b = 0;
    while (a < at.length || b < slotAt.length) merged.push(b >= slotAt.length || (a < at.length && at[a]! < slotAt[b]!) ? at[a++]! : slotAt[b++]!);
    byWord.set(lit, merged.map((i) => list[i]!));
    keyedByWord.set(lit, keyed(merged));
  }
  const slotFirst = list.filter((p) => p.template.leading === null);
  return { byWord, slotFirst, keyedByWord, keyedSlotFirst: keyed(slotAt), all: list };
}

export interface Lexicon {
  readonly effects: EffectPhrase[];
  readonly effectsByFirst: PhraseIndex<EffectPhrase>;
  readonly eventsByFirst: PhraseIndex<EventPhrase>;
  readonly conditionsByFirst: PhraseIndex<SlotPhrase<A.ConditionDecl>>;
  readonly qualifiers: SlotPhrase<A.QualifierDecl>[];
  /** Qualifiers of players ("with 21 or more Family Honor" after "each player"): their subject a player. */
  readonly playerQualifiers: SlotPhrase<A.QualifierDecl>[];
  readonly searchesByFirst: PhraseIndex<SlotPhrase<A.SearchDecl>>;
  /** Decks, zones, locations and provinces a zone slot reads (compiler/text/places.ts). */
  readonly places: PhraseIndex<SlotPhrase<A.PlaceDecl>>;
  /** Qualifiers of zones, after a place that names several ("a battlefield where he would be opposed"). */
  readonly zoneQualifiers: SlotPhrase<A.QualifierDecl>[];
  readonly nouns: Noun[];
  readonly adjectives: Adjective[];
  /** The same, by their first word (longest first), so a phrase tries only what can start there. */
  readonly nounsByFirst: Map<string, Noun[]>;
  /** The nouns by their words, for reading the nouns at a place in card text (word-trie.ts). */
  readonly nounTrie: WordTrie<Noun>;
  readonly adjectivesByFirst: Map<string, Adjective[]>;
  readonly references: Reference[];
  /** The same, by their first word (in the same order), so a phrase tries only those that can start there. */
  readonly referencesByFirst: Map<string, Reference[]>;
  /** References that name an action, not a card ("the action" in an Interrupt): what a use slot reads. */
  readonly useReferences: Reference[];
  /** Adjectives and qualifiers declared of an action (`adjective "another player's" (a: use)`), which
   *  describe actions ("another player's Battle action", "a Recon action you took"), not cards. */
  readonly useAdjectives: Adjective[];
  readonly useQualifiers: SlotPhrase<A.QualifierDecl>[];
  readonly laters: Later[];
  readonly durations: Duration[];
  /** How long effects last that name no duration (null: the rules' own `modify` durations). */
  readonly defaultDuration: readonly string[] | null;
  readonly kindLeads: KindLead[];
  readonly icons: IconMeaning[];
  readonly points: PointPhrase[];
  /** The same, by their first word. */
  readonly pointsByFirst: Map<string, PointPhrase[]>;
  /** Clans by their words ("toturi's army"), for text slots. */
  readonly clans: { readonly words: readonly string[]; readonly clan: string }[];
  /** Player values by their words ("family honor"). */
  readonly values: { readonly words: readonly string[]; readonly value: string }[];
  /** Stat names by their words ("personal honor") and short letters for bonuses ("F"). */
  readonly stats: { readonly words: readonly string[]; readonly stat: string }[];
  readonly statShort: Map<string, string>;
  readonly timings: Set<string>;
  readonly keywords: Set<string>;
  /** Pronouns declared for kinds of card ("he" for Personalities), with the card types they fit. */
  readonly pronouns: Map<string, Set<string>>;
  /** Every word a noun, adjective, stat, clan, timing or reference of the rules begins with (a card's
   *  own name is never one of these: "Unicorn" in a title is the clan). */
  readonly meaningfulWords: ReadonlySet<string>;
  /** The reference that names the card whose text it is (`reference "this card" = self`), if any. */
  readonly selfReference: Reference | null;
  /** Card types whose plain traits are abilities of a kind (an Event's text resolves with it). */
  readonly traitsAs: Map<string, string>;
  /** The types of each kind of card ("attachment": Follower, Item, Spell). */
  readonly typesOfKind: Map<string, Set<string>>;
}

export function compileTemplate(text: string, params: ReadonlyMap<string, Ty>, lists?: ReadonlyMap<string, SlotWords>): Template {
  const parts: TemplatePart[] = [];
  let literalCount = 0;
  for (const w of phraseWords(text)) {
    const m = /^\{([^}]+)\}$/.exec(w);
    const members = m ? lists?.get(m[1]!) : undefined;
    if (m) parts.push(members ? { slot: m[1]!, ty: params.get(m[1]!) ?? T.error, members } : { slot: m[1]!, ty: params.get(m[1]!) ?? T.error });
    else {
      parts.push({ lit: w });
      literalCount++;
    }
  }
  return templateOf(parts, literalCount);
}

/** A frame's template without its trailing hook slot (compiler/text/adjuncts.ts), or null. */
function withoutAdjuncts(t: Template): Template | null {
  const last = t.parts[t.parts.length - 1];
  if (!last || "lit" in last || last.ty.k !== "hook" || t.parts.length < 2) return null;
  return { ...t, parts: t.parts.slice(0, -1) };
}

/**
 * "gain {n} Honor" read also as "gain Honor equal to {n}" ("Gain Honor equal to his Personal Honor"):
 * an amount before the word it counts may be given after it, "equal to" it.
 */
function amountEqualTo(t: Template): Template | null {
  const i = t.parts.findIndex((p, k) => "slot" in p && p.ty.k === "number" && k + 1 < t.parts.length && "lit" in t.parts[k + 1]!);
  if (i < 0) return null;
  const slot = t.parts[i]!;
  const word = t.parts[i + 1]!;
  const parts = [...t.parts.slice(0, i), word, { lit: "equal" }, { lit: "to" }, slot, ...t.parts.slice(i + 2)];
  return templateOf(parts, t.literalCount + 2);
}

const BUILTIN_NAMES = new Set(["you", "self", "active", "players", "action", "thisAbility"]);

/** Free names of an expression that are neither global nor builtin: what it needs from context. */
export function freeNames(e: A.Expr, symbols: Symbols, bound: ReadonlySet<string> = new Set()): string[] {
  const out = new Set<string>();
  const visit = (x: A.Expr, b: ReadonlySet<string>): void => {
    switch (x.kind) {
      case "NameRef":
        if (!b.has(x.name) && !BUILTIN_NAMES.has(x.name) && !symbols.stats.has(x.name) && !symbols.zones.has(x.name)) out.add(x.name);
        return;
      case "Member":
        return visit(x.object, b);
      case "Call":
        if (x.callee.kind !== "NameRef") visit(x.callee, b);
        for (const a of x.args) visit(a.value, b);
        return;
      case "Binary":
        visit(x.left, b);
        return visit(x.right, b);
      case "Unary":
        return visit(x.operand, b);
      case "Is":
      case "Has":
        return visit(x.subject, b);
      case "IfExpr":
        visit(x.condition, b);
        visit(x.then, b);
        return visit(x.else, b);
      case "List":
        for (const i of x.items) visit(i, b);
        return;
      case "Comprehension": {
        visit(x.source, b);
        const inner = new Set(b).add(x.binder.text);
        visit(x.item, inner);
        if (x.filter) visit(x.filter, inner);
        return;
      }
      default:
        return;
    }
  };
  visit(e, bound);
  return [...out];
}

/** Is a qualifier declared of a player ("each player with 21 or more Family Honor")? */
/** Is a qualifier declared of a zone ("where {d} would be opposed" after a place: places.ts)? */
function describesZone(q: A.QualifierDecl): boolean {
  return q.params[0]?.type.name.text === "zone";
}

function describesPlayer(q: A.QualifierDecl): boolean {
  return q.params[0]?.type.name.text === "player";
}

/** Is a qualifier declared of an action (its subject a use: "you took")? */
function describesAction(q: A.QualifierDecl): boolean {
  return q.params[0]?.type.name.text === "use";
}

/** Does a reference that needs nothing from its context name an action (its body a use)? */
function namesAction(checker: Checker, decl: A.ReferenceDecl, file: A.SourceFile): boolean {
  const scope = new Scope(null);
  scope.define("you", { ty: T.player, ir: { k: "you" }, assign: null });
  scope.define("self", { ty: T.card, ir: { k: "thisCard" }, assign: null });
  scope.define("action", { ty: nullable(T.use), ir: { k: "thisUse" }, assign: null });
  scope.define("thisAbility", { ty: nullable(T.use), ir: { k: "thisUse" }, assign: null });
  const saved = checker.diags;
  checker.diags = new Diagnostics();
  try {
    return checker.expr(decl.body, scope, { file, generator: false, sequence: null, returns: false, scenario: false, what: "a reference" }).ty.k === "use";
  } finally {
    checker.diags = saved;
  }
}

function pluralOf(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + "ies";
  if (/(s|x|ch|sh)$/i.test(word)) return word + "es";
  if (/i$/i.test(word)) return word;
  return word + "s";
}

function byFirstWord<E extends { words: readonly string[] }>(list: readonly E[]): Map<string, E[]> {
  const out = new Map<string, E[]>();
  for (const e of list) {
    const first = e.words[0];
    if (first === undefined) continue;
    let l = out.get(first);
    if (!l) out.set(first, (l = []));
    l.push(e);
  }
  return out;
}

function defaultNeeds(decl: A.EffectDecl, settings: readonly A.Setting[], symbols: Symbols): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of decl.params) {
    if (!p.init || settings.some((s) => s.name.text === p.name.text)) continue;
    out.set(p.name.text, freeNames(p.init, symbols));
  }
  return out;
}

/** A wording's settings: the phrase's, and those its alternatives set (which win). */
function wordingSettings(p: A.Phrase, sources: readonly string[]): readonly A.Setting[] {
  if (sources.length === 0) return p.settings;
  const set = settingsNamed(p.wordingSettings, sources);
  return [...p.settings.filter((s) => !set.some((x) => x.name.text === s.name.text)), ...set];
}

function byLengthDesc<E extends { words: readonly string[] }>(list: E[]): E[] {
  return list.sort((a, b) => b.words.length - a.words.length);
}

/** `traits`: the traits the program's cards print, which card text names as it names keywords; `names`:
 *  the names of the program's cards, which card text names as nouns. */
export function buildLexicon(symbols: Symbols, checker: Checker, traits: Iterable<string> = [], names: Iterable<string> = []): Lexicon {
  const effects: EffectPhrase[] = [];
  const events: EventPhrase[] = [];
  for (const c of symbols.callables.values()) {
    if (c.kind !== "effect") continue;
    const params = new Map(c.decl.params.map((p) => [p.name.text, checker.resolveType(p.type, c.file)] as const));
    // (a hook named as a slot takes the adjuncts after the frame: adjuncts.ts)
    for (const h of c.decl.hooks) params.set(h.name.text, T.hook(h.params.map((hp) => checker.resolveType(hp.type, c.file))));
    // (a phrase with bracketed words stands for several: phrase-variants.ts)
    // (an alternative may set parameters, `[who may refuse (refusable = true)]`: its wordings' settings)
    for (const { p, variant, settings } of c.decl.phrases.flatMap((p) => settingVariants(p.text.text).map((v) => ({ p, variant: v.text, settings: wordingSettings(p, v.settings) })))) {
      const template = compileTemplate(variant, params, slotWordLists(settings, symbols, c.decl.body));
      const needs = defaultNeeds(c.decl, settings, symbols);
      const id = phraseId("effect", p.text.text);
      effects.push({ id, effect: c, template, settings, defaultNeeds: needs });
      // A frame reads without adjuncts too ("bring {c} into play {how}": "Bring him into play"), unless
      // all it does is run them ("{c} enter play {how}").
      const bare = c.decl.body.every((st) => st.kind === "Run") ? null : withoutAdjuncts(template);
      if (bare) effects.push({ id, effect: c, template: bare, settings, defaultNeeds: needs });
      const equalTo = amountEqualTo(template);
      if (equalTo) effects.push({ id, effect: c, template: equalTo, settings, defaultNeeds: needs });
    }
  }
  for (const [name, ev] of symbols.events) {
    const params = ev.decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, ev.file) }));
    const map = new Map(params.map((p) => [p.name, p.ty] as const));
    // (a phrase with bracketed words stands for several: phrase-variants.ts)
    const phrases = eventWordings(ev.decl).map((w) => ({ ...w, id: phraseId("event", w.phrase) }));
    const declared = phrases.map((p) => compileTemplate(p.variant, map));
    for (const [i, p] of phrases.entries()) {
      const template = declared[i]!;
      // ("After one or more of your Personalities are destroyed": the same phrase, plural.)
      for (const t of [template, ...pluralEventTemplates(template, declared)]) events.push({ id: p.id, event: name, params, template: t, before: ev.decl.before, when: ev.decl.when, unsaid: p.unsaid });
    }
  }
  const slotPhrases = <D extends { phrases: A.PhraseText[]; params: A.Param[] }>(kind: string, list: readonly { decl: D; file: A.SourceFile }[]): SlotPhrase<D>[] => {
    const out: SlotPhrase<D>[] = [];
    for (const { decl, file } of list) {
      const params = decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, file) }));
      const map = new Map(params.map((p) => [p.name, p.ty] as const));
      // (a condition's text slot may read a declared list of words: `(period: text from abilityPeriods())`)
      const lists = paramWordLists(decl.params, symbols, decl);
      const groups = "wordingSettings" in decl ? (decl.wordingSettings as A.ConditionDecl["wordingSettings"]) : [];
      decl.phrases.forEach((p, i) => {
        for (const v of settingVariants(p.text)) {
          const settings = settingsNamed(groups[i], v.settings);
          out.push({ id: phraseId(kind, p.text), template: compileTemplate(v.text, map, lists), decl, file, params, ...(settings.length > 0 ? { settings } : {}) });
        }
      });
    }
    return out.sort((a, b) => b.template.parts.length - a.template.parts.length);
  };

  const nouns: Noun[] = [
    { words: ["card"], kind: "any", name: "card", plural: false },
    { words: ["cards"], kind: "any", name: "card", plural: true },
  ];
  for (const [name, t] of symbols.types) {
    nouns.push({ words: phraseWords(name), kind: "type", name, plural: false });
    nouns.push({ words: phraseWords(t.decl.plural), kind: "type", name, plural: true });
  }
  const adjectives: Adjective[] = [
    { words: ["target"], meaning: { k: "target" } },
    { words: ["chosen"], meaning: { k: "target", chosen: true } },
  ];
  for (const [name, k] of symbols.kinds) {
    const label = phraseWords(k.decl.label);
    // "an attachment card" as well as "an attachment"
    const forms = label[label.length - 1] === "card" ? [label] : [label, [...label, "card"]];
    for (const words of forms) {
      nouns.push({ words, kind: "kind", name, plural: false });
      const plural = [...words];
      plural[plural.length - 1] = pluralOf(plural[plural.length - 1]!);
      nouns.push({ words: plural, kind: "kind", name, plural: true });
    }
  }
  for (const name of symbols.keywords.keys()) {
    nouns.push({ words: phraseWords(name), kind: "keyword", name, plural: false });
    const plural = phraseWords(name);
    plural[plural.length - 1] = pluralOf(plural[plural.length - 1]!);
    nouns.push({ words: plural, kind: "keyword", name, plural: true });
    adjectives.push({ words: phraseWords(name), meaning: { k: "keyword", keyword: name } });
  }
  // Twenty Festivals, Personality: "Earlier Ivory Edition legal cards indicate Personality Clan Alignment
  // with both the mon and a keyword; later cards indicate Clan Alignment only with the mon, but are also
  // considered to have the keyword."
  for (const clan of symbols.clans.keys()) {
    adjectives.push({ words: [...phraseWords(clan), "clan"], meaning: { k: "clan", clan } });
    // (a faction's name alone is its trait too: "your target Spirit Personality" is one printing Spirit)
    adjectives.push({ words: phraseWords(clan), meaning: { k: "clan", clan, orTrait: true } });
  }
  for (const name of traits) {
    if (symbols.keywords.has(name) || /^(.+) Clan$/.test(name) && symbols.clans.has(name.slice(0, -5))) continue;
    nouns.push({ words: phraseWords(name), kind: "trait", name, plural: false });
    const plural = phraseWords(name);
    plural[plural.length - 1] = pluralOf(plural[plural.length - 1]!);
    nouns.push({ words: plural, kind: "trait", name, plural: true });
    adjectives.push({ words: phraseWords(name), meaning: { k: "trait", trait: name } });
  }
  for (const [name, f] of symbols.flags) {
    adjectives.push({ words: phraseWords(f.decl.yes), meaning: { k: "flag", flag: name, value: true } });
    adjectives.push({ words: phraseWords(f.decl.no), meaning: { k: "flag", flag: name, value: false } });
  }
  const useAdjectives: Adjective[] = [];
  for (const a of symbols.adjectives) {
    const list = a.decl.param.type.name.text === "use" ? useAdjectives : adjectives;
    for (const p of a.decl.phrases) list.push({ words: phraseWords(p.text), meaning: { k: "declared", decl: a.decl, file: a.file } });
  }

  const references: Reference[] = [];
  const useReferences: Reference[] = [];
  for (const r of symbols.references) {
    const needs = freeNames(r.decl.body, symbols);
    const list = needs.length === 0 && namesAction(checker, r.decl, r.file) ? useReferences : references;
    const body = r.decl.body;
    const called = body.kind === "Call" && body.callee.kind === "NameRef" ? symbols.callables.get(body.callee.name) : undefined;
    const quantity = called?.kind === "function" && called.decl.returnType.name.text === "number" && !called.decl.returnType.nullable;
    for (const p of r.decl.phrases) for (const v of declaredWordings(p.text)) list.push({ ...v, decl: r.decl, file: r.file, needs, timings: r.decl.timings.map((t) => t.text), quantity });
  }

  const laters: Later[] = [];
  // (what a wording's bracketed alternatives set, its event's arguments read: settled-wordings.ts)
  for (const l of symbols.laters) l.decl.phrases.forEach((_, i) => {
    for (const { event, ...v } of settledWordings(l.decl, i, l.decl.onceEvent)) laters.push({ ...v, seq: l.decl.sequence?.text ?? null, onceEvent: event });
  });

  const kindLeads: KindLead[] = [];
  for (const [name, k] of symbols.abilityKinds) {
    const params = k.decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, k.file) }));
    // (what a lead's bracketed alternatives set: lead-settings.ts)
    k.decl.leads.forEach((_, i) => {
      for (const { words: leadWords, phrase, settled } of leadWordings(k.decl, i)) {
        const icons = leadWords.every((w) => /^:[a-z0-9]+:$/.test(w)) ? leadWords.map((w) => w.slice(1, -1)) : null;
        kindLeads.push({ words: icons ? [] : leadWords, phrase, icons, kind: name, params, settled, describes: k.decl.describes?.text ?? null, measures: k.decl.measures?.text ?? null });
      }
    });
  }

  const points: PointPhrase[] = [];
  for (const c of symbols.callables.values()) {
    if (c.kind !== "sequence") continue;
    const seq = c.decl.name.text;
    c.decl.headings.forEach((h, i) => {
      points.push({ words: phraseWords(h.title.text), point: `${seq}.${h.label?.text ?? String(i + 1)}`, seq, when: null, playerParam: null });
    });
    // A sequence's own start and end: "before the Dynasty Phase begins", "after your Dynasty Phase ends".
    const title = phraseWords(c.decl.title);
    // ("A turn": "after each turn begins", the title's own article giving way to the trigger's.)
    const bare = title.length > 1 && ["a", "an", "the"].includes(title[0]!) ? title.slice(1) : title;
    const playerParam = c.decl.params.find((p) => p.type.name.text === "player")?.name.text ?? null;
    // ... or named as a point of time: "after the end of your Action Phase", "before the start of a battle".
    const forms: readonly (readonly [when: "before" | "after", pre: readonly string[], verb: readonly string[], at: "before" | undefined])[] = [
      ["before", [], ["begins"], undefined],
      ["before", [], ["starts"], undefined],
      ["after", [], ["ends"], undefined],
      ["after", [], ["begins"], "before"],
      ["after", ["the", "end", "of"], [], undefined],
      ["before", ["the", "start", "of"], [], undefined],
      ["before", ["the", "beginning", "of"], [], undefined],
    ];
    for (const [when, pre, verb, at] of forms) {
      for (const lead of ["the", "a", "an", "each", ""]) points.push({ words: [...pre, ...(lead ? [lead, ...bare] : title), ...verb], point: seq, seq, when, playerParam: null, at });
      if (playerParam) points.push({ words: [...pre, "your", ...title, ...verb], point: seq, seq, when, playerParam, at });
      if (playerParam) points.push({ words: [...pre, "another", "player", "'s", ...title, ...verb], point: seq, seq, when, playerParam, others: true, at });
    }
    // A player's sequence named alone, "After your Events Phase": once it has ended.  (Only with its
    // player: "the Dynasty Phase" alone is also the heading of the turn that runs it.)
    if (playerParam) {
      points.push({ words: ["your", ...title], point: seq, seq, when: "after", playerParam });
      points.push({ words: ["another", "player", "'s", ...title], point: seq, seq, when: "after", playerParam, others: true });
    }
    // "Before your Dynasty Phase ends": once its last heading is done, before the sequence closes.
    const last = c.decl.headings.length - 1;
    if (last >= 0) {
      const h = c.decl.headings[last]!;
      const point = `${seq}.${h.label?.text ?? String(last + 1)}`;
      for (const lead of ["the", "a", "an", "each", ""]) points.push({ words: [...(lead ? [lead] : []), ...title, "ends"], point, seq, when: "before", playerParam: null, at: "after" });
      if (playerParam) points.push({ words: ["your", ...title, "ends"], point, seq, when: "before", playerParam, at: "after" });
      if (playerParam) points.push({ words: ["another", "player", "'s", ...title, "ends"], point, seq, when: "before", playerParam, others: true, at: "after" });
    }
  }

  const stats: { words: string[]; stat: string }[] = [];
  const statShort = new Map<string, string>();
  for (const [name, s] of symbols.stats) {
    stats.push({ words: phraseWords(s.decl.label), stat: name });
    if (s.decl.short) statShort.set(s.decl.short, name);
  }

  const values = byLengthDesc([...symbols.values].flatMap(([name, v]) => [v.decl.label, ...v.decl.otherLabels].map((label) => ({ words: phraseWords(label), value: name }))));
  const typesOfKind = new Map<string, Set<string>>();
  const traitsAs = new Map<string, string>();
  for (const [name, t] of symbols.types) {
    for (const k of t.decl.kinds) {
      const set = typesOfKind.get(k.text) ?? new Set<string>();
      set.add(name);
      typesOfKind.set(k.text, set);
    }
    if (t.decl.traitsAs) traitsAs.set(name, t.decl.traitsAs.text);
  }
  // A pronoun fits a noun phrase whose type or kind it is declared for ("it" for a unit, "him" for a
  // Personality), so a declared kind stands for itself and for each of its types.
  const pronouns = new Map<string, Set<string>>();
  for (const { decl } of symbols.pronouns) {
    const names = new Set<string>();
    for (const t of decl.types) {
      names.add(t.text);
      if (!symbols.kinds.has(t.text)) continue;
      for (const x of typesOfKind.get(t.text) ?? []) names.add(x);
    }
    for (const w of decl.words) pronouns.set(w.text.toLowerCase(), names);
  }

  const icons: IconMeaning[] = symbols.icons.map(({ decl }) => {
    const inner = decl.icon.text.slice(1, -1);
    const slot = /\{([a-z]+)\}/.exec(inner);
    const pattern = new RegExp(`^${inner.replace(/\{[a-z]+\}/, "(\\d+)")}$`);
    return { pattern, slot: slot ? slot[1]! : null, phrase: decl.phrase.text };
  });
  const meaningfulWords = new Set<string>();
  for (const list of [nouns, adjectives, references, stats] as { words: readonly string[] }[][]) for (const e of list) for (const w of e.words) meaningfulWords.add(w);
  for (const name of [...symbols.clans.keys(), ...symbols.timings.keys(), ...symbols.keywords.keys()]) for (const w of phraseWords(name)) meaningfulWords.add(w);
  addTitleNouns(nouns, names);
  const selfReference = references.find((r) => r.decl.body.kind === "NameRef" && r.decl.body.name === "self") ?? null;

  const sortedNouns = byLengthDesc(nouns);
  const sortedPoints = byLengthDesc(points);
  const sortedAdjectives = byLengthDesc(adjectives);
  const sortedReferences = byLengthDesc(references);
  return {
    effects,
    effectsByFirst: indexByFirstWord(effects),
    eventsByFirst: indexByFirstWord(events),
    conditionsByFirst: indexByFirstWord(slotPhrases("condition", symbols.conditions)),
    qualifiers: slotPhrases("qualifier", symbols.qualifiers.filter((q) => !describesAction(q.decl) && !describesPlayer(q.decl) && !describesZone(q.decl))),
    zoneQualifiers: slotPhrases("qualifier", symbols.qualifiers.filter((q) => describesZone(q.decl))),
    playerQualifiers: slotPhrases("qualifier", symbols.qualifiers.filter((q) => describesPlayer(q.decl))),
    useQualifiers: slotPhrases("qualifier", symbols.qualifiers.filter((q) => describesAction(q.decl))),
    useAdjectives: byLengthDesc(useAdjectives),
    useReferences: byLengthDesc(useReferences),
    searchesByFirst: indexByFirstWord(slotPhrases("search", symbols.searches)),
    places: indexByFirstWord(slotPhrases("place", symbols.places)),
    nouns: sortedNouns,
    adjectives: sortedAdjectives,
    nounsByFirst: byFirstWord(sortedNouns),
    nounTrie: new WordTrie(sortedNouns, (n) => n.words),
    adjectivesByFirst: byFirstWord(sortedAdjectives),
    references: sortedReferences,
    referencesByFirst: byFirstWord(sortedReferences),
    laters: byLengthDesc(laters),
    durations: byLengthDesc(symbols.durations.flatMap(({ decl }) => decl.phrases.flatMap((_, i) => settledWordings(decl, i, decl.untilEvent).map(({ event, ...v }) => ({ ...v, sequences: decl.sequences.map((q) => q.text), untilEvent: event }))))),
    defaultDuration: symbols.durations.find((d) => d.decl.isDefault)?.decl.sequences.map((q) => q.text) ?? null,
    kindLeads: byLengthDesc(kindLeads),
    icons,
    points: sortedPoints,
    pointsByFirst: byFirstWord(sortedPoints),
    stats: byLengthDesc(stats),
    values,
    clans: byLengthDesc([...symbols.clans.keys()].map((clan) => ({ words: phraseWords(clan), clan }))),
    statShort,
    timings: new Set(symbols.timings.keys()),
    keywords: new Set(symbols.keywords.keys()),
    pronouns,
    meaningfulWords,
    selfReference,
    traitsAs,
    typesOfKind,
  };
}

/**
 * Card names as nouns: "Destroy a target Ikoma Ayumu", "search ... for a card titled Blood of the
 * Preserver" (a noun phrase naming cards by title; Twenty Festivals, Card Title: a name is the title
 * without its subtitle).  Only names of two or more words, none a comma (a name of one word could be a
 * trait or the card's own name), and none another noun already reads.  Added after the words that mean
 * something are gathered: a name's words ("of", "the") are no vocabulary of the rules.
 */
function addTitleNouns(nouns: Noun[], names: Iterable<string>): void {
  const taken = new Set(nouns.map((n) => n.words.join(" ")));
  for (const name of new Set(names)) {
    const words = phraseWords(name);
    if (words.length < 2 || words.includes(",") || taken.has(words.join(" "))) continue;
    nouns.push({ words, kind: "title", name, plural: false });
    nouns.push({ words: ["card", "titled", ...words], kind: "title", name, plural: false });
    nouns.push({ words: ["cards", "titled", ...words], kind: "title", name, plural: true });
  }
}
