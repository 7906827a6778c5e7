// Action phrases: how card text names actions (uses of abilities) rather than cards.  A use slot of a
// phrase ("{a} targets {c}", "negate the effects of {a}") reads a pronoun ("it", "its"), a declared
// reference to an action ("the action" in an Interrupt), or a description: "another player's Battle
// action", "a Recon action you took", "an action on a Strategy", "a Battle or Engage action".
// ("its effects" is "{a}'s effects": a possessive reads as its pronoun, match.ts.)  A description is [a|an|any] + adjectives declared of actions ("another player's", "your") and the
// names of keywords and timings ("Political", "Battle": an action of that keyword or designator, as the
// rules' `actionKeyword` entry says) + "action" + qualifiers declared of actions ("you took"), "on"/"from" a
// card phrase (the card whose ability it is) or "performed by" one (one of its performers).  In a trigger a description filters the
// action the event is about; among effects it names the action a reference names ("Negate the effects
// of a Battle action" in an Interrupt: the interrupted action, if it is one).
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import { phraseId, type Adjective, type Lexicon, type Reference, type SlotPhrase } from "./lexicon.ts";
import type { CardPhrase, Match, QualifierUse } from "./match.ts";
import { literalAt as word, rangeOfWords, startsWith, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { cardCondition, qualifierFilter } from "./nouns.ts";
import { slotExpr } from "./conditions.ts";
import { qualifierChoices } from "./action-verb-lists.ts";
import { destinationsAt, withDestination } from "./destinations.ts";

export interface ActionPhrase {
  readonly adjectives: readonly Adjective[];
  /** "an action on a Strategy", "an action from one of your Rings": the card whose ability it is. */
  readonly on: CardPhrase | null;
  /** "a Battle action performed by your Samurai Personality": one of those who perform it. */
  readonly by: CardPhrase | null;
  readonly qualifiers: readonly QualifierUse[];
  /** "that bowed, destroyed, or moved a Personality": qualifiers of which any one holds (action-verb-lists.ts). */
  readonly anyOf?: readonly QualifierUse[];
  readonly range: A.Range;
  readonly words: readonly Word[];
}

/** What a use slot holds: a pronoun or reference ("it", "the action"), or a description. */
export type UseValue =
  | { readonly ty: "use"; readonly range: A.Range; readonly word: string; readonly ref?: Reference; readonly action?: undefined }
  | { readonly ty: "use"; readonly range: A.Range; readonly word?: undefined; readonly ref?: undefined; readonly action: ActionPhrase };

/** What reading an action phrase needs of the phrase matcher. */
export interface ActionReader {
  cardPhrases(words: readonly Word[], pos: number, end: number): readonly { readonly v: CardPhrase; readonly next: number }[];
  matchPrefix(template: SlotPhrase<A.QualifierDecl>["template"], words: readonly Word[], start: number, end: number, skip?: string): readonly (Match & { next: number })[];
}

const USE_PRONOUNS = new Set(["it", "that"]);
const ACTION_NOUNS = new Set(["action", "actions", "ability", "abilities"]);
const MAX_READINGS = 32;

type Found = { v: UseValue; next: number }[];

/** Every way a use slot can read words from `pos` (and where each reading ends). */
export function usePhrases(lex: Lexicon, reader: ActionReader, words: readonly Word[], pos: number, end: number): Found {
  const out: Found = [];
  const w = words[pos]!;
  const lw = word(words, pos);
  if (lw !== null && USE_PRONOUNS.has(lw)) out.push({ v: { ty: "use", range: w.range, word: lw }, next: pos + 1 });
  const theAction = startsWith(words, pos, ["the", "action"]) > 0 && pos + 2 <= end;
  const refs = lex.useReferences.filter((r) => startsWith(words, pos, r.words) > 0 && pos + r.words.length <= end);
  if (theAction && !refs.some((r) => r.words.join(" ") === "the action")) out.push({ v: { ty: "use", range: rangeOfWords(words.slice(pos, pos + 2), w.range), word: "the action" }, next: pos + 2 });
  for (const ref of refs) out.push({ v: { ty: "use", range: rangeOfWords(words.slice(pos, pos + ref.words.length), w.range), word: ref.words.join(" "), ref }, next: pos + ref.words.length });
  for (const a of actionPhrases(lex, reader, words, pos, end)) out.push({ v: { ty: "use", range: a.v.range, action: a.v }, next: a.next });
  return out;
}

function actionPhrases(lex: Lexicon, reader: ActionReader, words: readonly Word[], pos: number, end: number): { v: ActionPhrase; next: number }[] {
  const out: { v: ActionPhrase; next: number }[] = [];
  const lw = word(words, pos);
  const push = (adjectives: Adjective[], on: CardPhrase | null, by: CardPhrase | null, qualifiers: QualifierUse[], next: number, anyOf?: QualifierUse[]): void => {
    const used = words.slice(pos, next);
    out.push({ v: { adjectives, on, by, qualifiers, ...(anyOf ? { anyOf } : {}), range: rangeOfWords(used, words[pos]!.range), words: used }, next });
  };
  // After the noun: "on"/"from" a card phrase, "performed by" one, and declared qualifiers ("you took"),
  // at most two.
  const qualified = (adjectives: Adjective[], on: CardPhrase | null, by: CardPhrase | null, qualifiers: QualifierUse[], at: number): void => {
    push(adjectives, on, by, qualifiers, at);
    if (out.length > MAX_READINGS || qualifiers.length + (on ? 1 : 0) + (by ? 1 : 0) >= 2 || at >= end) return;
    const next = word(words, at);
    if (!on && (next === "on" || next === "from")) for (const c of reader.cardPhrases(words, at + 1, end)) qualified(adjectives, c.v, by, qualifiers, c.next);
    if (!by && next === "performed" && word(words, at + 1) === "by") for (const c of reader.cardPhrases(words, at + 2, end)) qualified(adjectives, on, c.v, qualifiers, c.next);
    for (const q of lex.useQualifiers)
      for (const m of reader.matchPrefix(q.template, words, at, end, q.params[0]?.name)) {
        qualified(adjectives, on, by, [...qualifiers, { q, slots: m.slots }], m.next);
        // ("that moved a Personality to the current battlefield": where it is now, destinations.ts)
        for (const moved of movedTo(lex, reader, { q, slots: m.slots }, words, m.next, end)) qualified(adjectives, on, by, [...qualifiers, moved.q], moved.next);
      }
    for (const c of qualifierChoices(lex, reader, words, at, end)) push(adjectives, on, by, qualifiers, c.next, c.anyOf);
  };
  const adjectivesThen = (i: number, adjectives: Adjective[], on: CardPhrase | null = null): void => {
    // "another player's Melee or Ranged Attack": adjectives declared to stand for the noun.
    if (adjectives.length && standsAlone(adjectives[adjectives.length - 1]!)) qualified(adjectives, on, null, [], i);
    if (out.length > MAX_READINGS || i >= end) return;
    // ("an ability on it resolves": a use of one of its abilities, as an action is)
    const n = ACTION_NOUNS.has(word(words, i) ?? "") ? 1 : 0;
    if (n) qualified(adjectives, on, null, [], i + 1);
    // "After another player announces a Reaction": a timing's name standing for an action of it.
    const timing = timingAlone(lex, words, i, end);
    if (timing) qualified([...adjectives, timing], on, null, [], i + 1);
    for (const { adj, n: k } of actionAdjectivesAt(lex, words, i, end)) {
      adjectivesThen(i + k, [...adjectives, adj], on);
      // "a Battle or Engage action", "a Kiho, Spell, or Shugenja action": any of them.
      eitherOf(i + k, [adj], (list, next) => adjectivesThen(next, [...adjectives, { words: list.flatMap((a) => a.words), meaning: { k: "either", of: list } }], on));
    }
  };
  const eitherOf = (at: number, chosen: Adjective[], done: (list: Adjective[], next: number) => void): void => {
    const sep = word(words, at);
    const orAt = sep === "or" ? at + 1 : sep === "," && word(words, at + 1) === "or" ? at + 2 : sep === "," ? at + 1 : -1;
    if (orAt < 0 || chosen.length >= 4) return;
    // (an item may be two adjectives, both said of the action: "your Tactical, Bushido Virtue, or Terrain action")
    const items = actionAdjectivesAt(lex, words, orAt, end).flatMap(({ adj, n }) => [
      { adj, n },
      ...actionAdjectivesAt(lex, words, orAt + n, end).map((second) => ({ adj: { words: [...adj.words, ...second.adj.words], meaning: { k: "all", of: [adj, second.adj] } } as Adjective, n: n + second.n })),
    ]);
    for (const { adj, n } of items) {
      const list = [...chosen, adj];
      if (sep === "or" || word(words, at + 1) === "or") done(list, orAt + n);
      else eitherOf(orAt + n, list, done);
    }
  };
  // A quantifier may also begin an adjective ("an opponent's"): both readings are tried.
  adjectivesThen(pos, []);
  if (lw === "a" || lw === "an" || lw === "any") adjectivesThen(pos + 1, []);
  // "one of your Terrain actions": one action of those described.
  if (lw === "one" && word(words, pos + 1) === "of") adjectivesThen(pos + 2, []);
  // "a Recon Strategy's action", "your Shugenja's Spell action": the card whose ability it is.
  for (const c of possessedBy(reader, words, lw === "a" || lw === "an" ? pos + 1 : pos, end)) adjectivesThen(c.next, [], c.v);
  return out;
}

/**
 * Qualifiers of an action read after the words of the event about it ("After an action resolves that
 * Rata performed and that destroyed a Personality", "a battle resolves which destroyed him"): each way
 * one or two declared qualifiers of actions read from `at`, and where each reading ends.
 */
export function trailingQualifiers(lex: Lexicon, reader: ActionReader, words: readonly Word[], at: number, end: number): { qualifiers: QualifierUse[]; anyOf?: QualifierUse[]; next: number }[] {
  const out: { qualifiers: QualifierUse[]; anyOf?: QualifierUse[]; next: number }[] = [];
  const more = (qualifiers: QualifierUse[], pos: number): void => {
    if (qualifiers.length) out.push({ qualifiers, next: pos });
    if (qualifiers.length >= 2 || pos >= end || out.length > MAX_READINGS) return;
    for (const q of lex.useQualifiers) for (const m of reader.matchPrefix(q.template, words, pos, end, q.params[0]?.name)) more([...qualifiers, { q, slots: m.slots }], m.next);
    for (const c of qualifierChoices(lex, reader, words, pos, end)) out.push({ qualifiers, anyOf: c.anyOf, next: c.next });
  };
  more([], at);
  return out;
}

/** The card phrases from `at` followed by "'s" (and where the words after it begin). */
function possessedBy(reader: ActionReader, words: readonly Word[], at: number, end: number): { v: CardPhrase; next: number }[] {
  let has = false;
  for (let i = at + 1; i < end && !has; i++) has = word(words, i) === "'s";
  if (!has) return [];
  return reader.cardPhrases(words, at, end).filter((c) => word(words, c.next) === "'s" && c.next + 1 < end).map((c) => ({ v: c.v, next: c.next + 1 }));
}

/** A timing's name alone as an action ("a Reaction", "an Interrupt"), not before "action". */
function timingAlone(lex: Lexicon, words: readonly Word[], at: number, end: number): Adjective | null {
  const w = words[at];
  if (!w || w.t !== "w" || at + 1 > end || !lex.timings.has(w.text)) return null;
  const after = word(words, at + 1);
  if (after === "action" || after === "actions" || after === "or" || after === ",") return null;
  return named(w.text, [w], false).adj;
}

/** A qualifier of actions followed by "to <place>": its card (a description) is at that place now. */
function movedTo(lex: Lexicon, reader: ActionReader, q: QualifierUse, words: readonly Word[], at: number, end: number): { q: QualifierUse; next: number }[] {
  const card = q.q.params.slice(1).find((p) => p.ty.k === "card" && q.slots.has(p.name));
  if (!card || at >= end) return [];
  const out: { q: QualifierUse; next: number }[] = [];
  for (const d of destinationsAt(lex, reader, words, at, end)) {
    const slot = withDestination(q.slots.get(card.name), d.q);
    if (!slot) continue;
    const slots = new Map(q.slots);
    slots.set(card.name, slot);
    out.push({ q: { q: q.q, slots }, next: d.next });
  }
  return out;
}

/** An adjective of actions declared to stand for the noun ("a Ranged Attack"), or a choice of such. */
function standsAlone(adj: Adjective): boolean {
  const m = adj.meaning;
  return (m.k === "declared" && m.decl.noun) || (m.k === "either" && m.of.every(standsAlone));
}

/** Adjectives of an action at `pos`: declared ones ("another player's"), a keyword's or timing's name
 *  ("Political", "Battle"), or one of those denied ("non-Iaijutsu"). */
function actionAdjectivesAt(lex: Lexicon, words: readonly Word[], pos: number, end: number): { adj: Adjective; n: number }[] {
  const out: { adj: Adjective; n: number }[] = [];
  for (const adj of lex.useAdjectives) {
    const n = startsWith(words, pos, adj.words);
    // (one that stands for the noun may end the phrase: "is targeted by a Ranged Attack")
    if (n > 0 && (pos + n < end || (pos + n === end && standsAlone(adj)))) out.push({ adj, n });
  }
  const w = words[pos];
  const lw = word(words, pos);
  if (!w || w.t !== "w" || lw === null) return out;
  const denied = lw.startsWith("non-");
  const name = denied ? w.text.slice(4) : w.text;
  // (only nouns whose first word is this one's can match: the lexicon's index, in the nouns' order)
  for (const n of lex.nounsByFirst.get(denied ? lw.slice(4) : lw) ?? []) {
    if (n.kind !== "keyword" || n.plural) continue;
    const k = denied ? (n.words.length === 1 ? 1 : -1) : startsWith(words, pos, n.words);
    if (k > 0 && pos + k < end) out.push(named(n.name, words.slice(pos, pos + k), denied));
  }
  if (lex.timings.has(name) && pos + 1 < end) out.push(named(name, [w], denied));
  return out;
}

function named(name: string, used: readonly Word[], denied: boolean): { adj: Adjective; n: number } {
  const words = used.map((x) => (x.t === "w" ? x.lower : ""));
  const adj: Adjective = { words, meaning: { k: "keyword", keyword: name } };
  return { adj: denied ? { words, meaning: { k: "not", of: adj } } : adj, n: used.length };
}

// ================================================================ what a phrase says of an action
/** A condition that the action `subject` is what the phrase describes. */
export function actionFilter(cx: LowerContext, a: ActionPhrase, subject: A.Expr): A.Expr | null {
  const b = new AstBuilder(a.range);
  cx.use(phraseId("construct", "<action description>"));
  const parts: A.Expr[] = [];
  for (const adj of a.adjectives) {
    const f = adjectiveOfAction(cx, adj, subject, a.range);
    if (!f) return null;
    parts.push(f);
  }
  if (a.on) {
    cx.use(phraseId("construct", "an action on <cards>"));
    // ("an ability on it resolves": on the card the text has named)
    const named = a.on.k === "pronoun" ? slotExpr(cx, { ty: "card", v: a.on }) : null;
    const f = named ? b.bin("==", b.member(subject, "card"), named) : cardCondition(cx, a.on, b.member(subject, "card"));
    if (!f) return null;
    parts.push(f);
  }
  if (a.by) {
    cx.use(phraseId("construct", "an action performed by <cards>"));
    const b2 = new AstBuilder(a.by.range);
    const f = cardCondition(cx, a.by, b2.ref("performer"));
    if (!f) return null;
    parts.push(b2.bin(">", b2.call("count", [{ value: b2.comprehension("performer", b2.call("performersOf", [{ value: subject }]), f) }]), b2.num(0)));
  }
  for (const q of a.qualifiers) {
    const f = qualifierFilter(cx, q, subject, a.range);
    if (f) parts.push(f);
  }
  if (a.anyOf) {
    cx.use(phraseId("construct", "an action that <verb>, <verb>, or <verb> <cards>"));
    const alts: A.Expr[] = [];
    for (const q of a.anyOf) {
      const f = qualifierFilter(cx, q, subject, a.range);
      if (!f) return null;
      alts.push(f);
    }
    parts.push(alts.reduce((acc, x) => b.bin("or", acc, x)));
  }
  return b.and(parts);
}

function adjectiveOfAction(cx: LowerContext, adj: Adjective, subject: A.Expr, range: A.Range): A.Expr | null {
  const b = new AstBuilder(range);
  const m = adj.meaning;
  if (m.k === "declared") {
    cx.use(phraseId("adjective", adj.words.join(" ")));
    return letExpr(m.decl.param.name.text, subject, cx.reRange(m.decl.body, range), range);
  }
  if (m.k === "keyword") {
    const entry = cx.checker.symbols.entries.get("actionKeyword");
    if (!entry) {
      cx.fail("unsupported/action", `"${adj.words.join(" ")} action" needs the rules to say what an action of a keyword is (entry actionKeyword)`, range);
      return null;
    }
    return b.call(entry.decl.target.text, [{ value: subject }, { value: b.str(m.keyword) }]);
  }
  if (m.k === "not") {
    const f = adjectiveOfAction(cx, m.of, subject, range);
    return f ? b.not(f) : null;
  }
  if (m.k === "either" || m.k === "all") {
    const alts: A.Expr[] = [];
    for (const x of m.of) {
      const f = adjectiveOfAction(cx, x, subject, range);
      if (!f) return null;
      alts.push(f);
    }
    return alts.reduce((acc, x) => b.bin(m.k === "all" ? "and" : "or", acc, x));
  }
  return null;
}

// ================================================================ an action as a value
/**
 * A use slot's value as an expression: a pronoun (the latest action named: "it", "the action"), else the
 * reference of that name the ability may use; a description is the action such a reference names, if
 * it fits (`wrappers` then tests it).  Null (with a warning) when nothing is named.
 */
export function useExpr(cx: LowerContext, v: UseValue, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] | null | "maybe none"): A.Expr | null {
  const b = new AstBuilder(v.range);
  if (v.word !== undefined) {
    const p = cx.findPronoun("use", v.word);
    if (p) return b.ref(p);
    const ref = v.ref ?? usableReference(cx, v.range, false);
    if (!ref) {
      cx.fail("unsupported/pronoun", `"${v.word}" has nothing to refer to`, v.range);
      return null;
    }
    return referenced(cx, ref, v.range, null, wrappers);
  }
  const ref = usableReference(cx, v.range, true);
  if (!ref) return null;
  return referenced(cx, ref, v.range, v.action, wrappers);
}

/** A pronoun in a use slot ("it") when the text names no action it could stand for and the ability has
 *  no action of its own to name: the word is then not an action ("If it is Cavalry" after "Target an
 *  enemy card"), and another reading of the words may take it for a card. */
export function useNamesNothing(cx: LowerContext, v: UseValue): boolean {
  return v.word !== undefined && v.ref === undefined && USE_PRONOUNS.has(v.word) && cx.findPronoun("use", v.word) === null && usableReference(cx, v.range, false) === null;
}

/** The reference to an action this ability may use (its timings allow it), for a description or "the action". */
function usableReference(cx: LowerContext, range: A.Range, required: boolean): Reference | null {
  const ref = cx.lex.useReferences.find((r) => allows(cx, r));
  if (!ref && required) cx.fail("unsupported/action", "a description of an action among effects names the action a reference names (the action an Interrupt interrupts); this ability has none", range);
  return ref ?? null;
}

function allows(cx: LowerContext, ref: Reference): boolean {
  return ref.timings.length === 0 || ref.timings.some((t) => cx.timings.includes(t));
}

function referenced(cx: LowerContext, ref: Reference, range: A.Range, description: ActionPhrase | null, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] | null | "maybe none"): A.Expr | null {
  if (!allows(cx, ref)) {
    cx.fail("unsupported/reference", `"${ref.words.join(" ")}" names an action only in abilities of timing ${ref.timings.join(" or ")}`, range);
    return null;
  }
  // (where the action may be none, as in a condition that says what it is: "the action is another player's")
  if (wrappers === "maybe none" && !description) return cx.refExpr(ref, range);
  if (wrappers === "maybe none") wrappers = null;
  if (!wrappers) {
    cx.fail("unsupported/reference", `"${ref.words.join(" ")}" may name no action, so it cannot stand in a condition here`, range);
    return null;
  }
  const b = new AstBuilder(range);
  const name = cx.fresh("action");
  const fits = description ? actionFilter(cx, description, b.ref(name)) : null;
  if (description && !fits) return null;
  const some = b.bin("!=", b.ref(name), b.none());
  wrappers.push((inner) => [b.letStmt(name, cx.refExpr(ref, range)), b.ifStmt(some, fits ? [b.ifStmt(fits, inner)] : inner)]);
  cx.pronouns.push({ name, ty: "use", local: true });
  return b.ref(name);
}
