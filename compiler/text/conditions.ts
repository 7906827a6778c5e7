// Conditions: "If you have a higher Family Honor than all other players", a declared condition phrase
// whose card slots take names or descriptions ("one of your Courtier Personalities": in constraints, a
// card chosen when the ability is announced; after "If", whether some card fits).
import { PER_COUNT } from "./for-each-number.ts";
import { extremeExpr } from "./extremes.ts";
import { overPlayers, quantifiedPlayer, type PlayerQuantifier } from "./player-quantifiers.ts";
import type * as A from "../../grammar/index.ts";
import { irLeaf, letExpr } from "../check/synthetic.ts";
import { T, type Ty } from "../types.ts";
import { phraseId, phrasesReading } from "./lexicon.ts";
import type { CardPhrase, SlotValue } from "./match.ts";
import { literalAt, rangeOfWords, startsWith, textOfWords, wordsKey, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import { declaredOf } from "./suggest.ts";
import type { LowerContext, Select } from "./context.ts";
import { candidatesOf, selectFilter, sourceOf } from "./nouns.ts";
import { predicate } from "./predicates.ts";
import { useExpr, useNamesNothing } from "./actions.ts";
import { conditionNeeds } from "./hook-sentences.ts";
import { sharedConditionReadings } from "./shared-subject.ts";
import { placedIn, placeExpr } from "./places.ts";
import { declaredWithoutNot } from "./negated-conditions.ts";
import { unsaidValue } from "./alternative-settings.ts";

// ================================================================ conditions
/** Is `words` (after an optional "if") exactly a declared condition, or a predicate (predicates.ts)? */
export function conditionAhead(cx: LowerContext, words: readonly Word[]): boolean {
  if (answers?.cx !== cx) return whileReading(cx, () => conditionAhead(cx, words));
  const key = wordsKey(words);
  const said = readingState(cx);
  const known = answers.known.get(key);
  const kept = known?.find((k) => k.state.every((v, i) => v === said[i]));
  if (kept) return kept.answer;
  const answer = conditionAheadAfresh(cx, words);
  if (known) known.push({ state: said, answer });
  else answers.known.set(key, [{ state: said, answer }]);
  return answer;
}

/**
 * What `conditionAhead` has answered, kept while one clause is read (clauses.ts's `readClause`) or one
 * question is asked: a clause is split many ways, and "A or B and C" asks of its parts again and again.
 * Each answer is kept with what it was read in (`readingState`): a reading tried on the way names cards
 * for a while ("Bow this Shugenja unless he is Void": named-by-body.ts), and then "he" reads otherwise.
 */
let answers: { readonly cx: LowerContext; readonly known: Map<string, { readonly state: readonly unknown[]; readonly answer: boolean }[]> } | null = null;

/** `read`, with the conditions it asks of `cx` answered once in each state. */
export function whileReading<T>(cx: LowerContext, read: () => T): T {
  const saved = answers;
  answers = { cx, known: new Map() };
  try {
    return read();
  } finally {
    answers = saved;
  }
}

/** `ask`, with the conditions it asks answered once each: in the reading already open for `cx`, else in
 *  one of its own (no clause is emitted while conditions are only asked). */
export function askingConditions<T>(cx: LowerContext, ask: () => T): T {
  return answers?.cx === cx ? ask() : whileReading(cx, ask);
}

/** What a condition's reading depends on besides its words: the cards named so far (pushed and taken
 *  back in turn, so the latest and how many say which), how far back pronouns may look, and what the
 *  sentence has from its context. */
function readingState(cx: LowerContext): readonly unknown[] {
  const [floor, playerFloor] = cx.pronounFloors;
  return [cx.pronouns.length, cx.pronouns[cx.pronouns.length - 1], floor, playerFloor, cx.targets.length, cx.targets[cx.targets.length - 1], cx.available, cx.defaultSource, cx.describedSubject, cx.continuous, cx.abilityCondition, cx.protectingMovement, cx.tryingOnly];
}

function conditionAheadAfresh(cx: LowerContext, words: readonly Word[]): boolean {
  const at = startsWith(words, 0, ["if"]) > 0 ? 1 : 0;
  if (phrasesReading(cx.lex.conditionsByFirst, words, at).some((c) => cx.matcher.matchTemplate(c.template, words, at, words.length).length > 0)) return true;
  if (cx.tryOnly(() => predicate(cx, words.slice(at), true)) !== null) return true;
  if (declaredWithoutNot(cx, words.slice(at))) return true;
  return conjunctionAt(cx, words.slice(at), "and") !== null || conjunctionAt(cx, words.slice(at), "or") !== null;
}

/** "you have four or fewer cards in your hand and you are a Crab Clan player", "it is your turn or you
 *  control a Courtier": the two conditions an "and" (or "or") parts (the first that parts two), the
 *  second with the first's subject when it says none ("he has no attachments and is dishonorable":
 *  shared-subject.ts), or null. */
function conjunctionAt(cx: LowerContext, words: readonly Word[], op: "and" | "or"): { left: Word[]; right: Word[]; shared: boolean } | null {
  for (let i = 1; i < words.length - 1; i++) {
    if (literalAt(words, i) !== op) continue;
    const left = words.slice(0, i);
    const right = words.slice(i + 1);
    if (conditionAhead(cx, left) && conditionAhead(cx, right)) return { left, right, shared: false };
    // (", or exactly one Province": the comma before the "or" is the list's)
    const before = literalAt(left, left.length - 1) === "," ? left.slice(0, -1) : left;
    if (before.length === 0 || !conditionAhead(cx, before)) continue;
    if (before !== left && conditionAhead(cx, right)) return { left: before, right, shared: false };
    const shared = sharedConditionReadings(cx, before, right).find((r) => conditionAhead(cx, r));
    if (shared) return { left: before, right: shared, shared: true };
  }
  return null;
}

/** "A or B": either holds.  A card chosen when the ability is announced ("one of your Courtiers")
 *  cannot be one side of it, since it would be chosen whether or not that side is the one that holds. */
function disjunction(cx: LowerContext, left: Word[], right: Word[], available: ReadonlyMap<string, Ty>, b: AstBuilder): { k: "expr"; expr: A.Expr } | null {
  const l = condition(cx, left, available, "if");
  const r = condition(cx, right, available, "if");
  if (!l || !r || l.k !== "expr" || r.k !== "expr") return null;
  cx.use(phraseId("construct", "<condition> or <condition>"));
  return { k: "expr", expr: b.bin("or", l.expr, r.expr) };
}

/**
 * A declared condition as an expression.  A card it describes rather than names ("one of your
 * Courtier or Samurai Personalities") is, in constraints, chosen when the ability is announced (and
 * is "him" afterwards); after "If" it is a question of whether some card fits.
 */
export function condition(cx: LowerContext, words: Word[], available: ReadonlyMap<string, Ty>, mode: "constraint" | "if"): { k: "expr"; expr: A.Expr } | { k: "chosen" } | null {
  const c = unguardedCondition(cx, words, available, mode);
  // A pronoun for a reference that may name no card is checked first ("If he moved" after "Move this
  // Personality there").
  return c && c.k === "expr" ? { k: "expr", expr: cx.guardNullable(c.expr) } : c;
}

function unguardedCondition(cx: LowerContext, words: Word[], _available: ReadonlyMap<string, Ty>, mode: "constraint" | "if"): { k: "expr"; expr: A.Expr } | { k: "chosen" } | null {
  const at = startsWith(words, 0, ["if"]) > 0 ? 1 : 0;
  const range = rangeOfWords(words, words[0]!.range);
  const b = new AstBuilder(range);
  let unavailable: string[] = [];
  for (const c of phrasesReading(cx.lex.conditionsByFirst, words, at)) {
    for (const m of cx.matcher.matchTemplate(c.template, words, at, words.length)) {
      const decl = c.decl;
      // ("if your Personality won it" needs a duel: outside one it cannot be read)
      const missing = cx.available ? conditionNeeds(cx, c).filter((n) => !cx.available!.has(n)) : [];
      if (missing.length > 0) {
        unavailable = missing;
        continue;
      }
      // ("If it is Cavalry" where no action is named: "it" is a card, read by a predicate)
      if (c.params.some((p) => { const s = m.slots.get(p.name); return s?.ty === "use" && useNamesNothing(cx, s); })) continue;
      cx.use(c.id);
      // The card the condition is about: a card slot given a description rather than a name.
      const isSelect = (s: SlotValue | undefined): boolean => s?.ty === "card" && s.v.k === "select";
      const described = c.params.find((p) => p.ty.k === "card" && isSelect(m.slots.get(p.name)));
      const lets: { name: string; value: A.Expr }[] = [];
      const quantifiers: PlayerQuantifier[] = [];
      for (const p of c.params) {
        if (p === described) continue;
        const slot = m.slots.get(p.name);
        if (!slot) {
          // A parameter the wording does not say: what its alternative sets, or its default.
          const given = unsaidValue(c, p.name);
          if (given) lets.push({ name: p.name, value: cx.reRange(given, range) });
          continue;
        }
        // ("from another player's card effect": some other player, player-quantifiers.ts)
        const quantified = quantifiedPlayer(p.name, slot);
        if (quantified) {
          quantifiers.push(quantified);
          continue;
        }
        // An action a condition takes as maybe none ("the action is another player's") may be a reference.
        // (a place is read as the parameter wants it: "in one of your provinces", any of them: places.ts)
        const value = slot.ty === "use" && p.ty.nullable ? useExpr(cx, slot, "maybe none") : slot.ty === "zone" ? placeExpr(cx, slot, p.ty, (s) => slotExpr(cx, s), placedIn(c.params, lets)) : slotExpr(cx, slot);
        if (!value) return null;
        lets.push({ name: p.name, value });
      }
      // A card value that may be none is checked to be one before the condition reads it.
      const wrap = (body: A.Expr): A.Expr => lets.reduceRight((acc, l) => whenSome(cx, l.value, (v) => letExpr(l.name, v, acc, range)) ?? acc, overPlayers(b, quantifiers, body));
      const body = decl.filter ? cx.reRange(decl.filter, range) : null;
      const domain = decl.domain ? cx.reRange(decl.domain, range) : null;
      if (!described) {
        if (!body) {
          cx.fail("unsupported/condition", `the condition "${textOfWords(words)}" ranges over cards but names none`, range);
          return null;
        }
        return { k: "expr", expr: wrap(body) };
      }
      const v = (m.slots.get(described.name)! as { v: Select }).v;
      const candidate = "cand";
      const fits = [selectFilter(cx, v, b.ref(candidate))];
      if (body) fits.push(letExpr(described.name, b.ref(candidate), body, range));
      const candidates = wrap(b.comprehension(candidate, domain ?? sourceOf(cx, v), b.and(fits)));
      if (mode === "if") return { k: "expr", expr: b.bin(">", b.call("count", [{ value: candidates }]), b.num(0)) };
      const slot = cx.fresh("chosen");
      cx.targets.push({ slot, prompt: `Choose ${textOfWords(v.words)}`, candidates, targeted: false });
      cx.pronouns.push({ name: slot, ty: "card", types: cx.nounTypes(v.noun) });
      return { k: "chosen" };
    }
  }
  const and = conjunctionAt(cx, words.slice(at), "and");
  if (and) {
    const left = condition(cx, and.left, _available, mode);
    const right = condition(cx, and.right, _available, mode);
    if (!left || !right) return null;
    cx.use(phraseId("construct", "<condition> and <condition>"));
    if (and.shared) cx.use(phraseId("construct", "<subject> <predicate> and <predicate>"));
    const parts = [left, right].flatMap((c) => (c.k === "expr" ? [c.expr] : []));
    return parts.length > 0 ? { k: "expr", expr: b.and(parts) } : { k: "chosen" };
  }
  const or = conjunctionAt(cx, words.slice(at), "or");
  if (or) {
    if (or.shared) cx.use(phraseId("construct", "<subject> <predicate> or <predicate>"));
    return disjunction(cx, or.left, or.right, _available, b);
  }
  const positive = declaredWithoutNot(cx, words.slice(at));
  const denied = positive ? condition(cx, positive, _available, "if") : null;
  if (denied?.k === "expr") {
    cx.use(phraseId("construct", "<condition> with not"));
    return { k: "expr", expr: b.not(denied.expr) };
  }
  const said = predicate(cx, words.slice(at));
  if (said) return { k: "expr", expr: said };
  if (unavailable.length > 0) {
    cx.fail("unsupported/condition", `the condition "${textOfWords(words)}" cannot be used here (it needs ${unavailable.join(", ")})`, range);
    return null;
  }
  cx.unsupported(words, range, "no condition reads so", declaredOf(cx.checker.symbols).conditions);
  return null;
}

/**
 * `use(value)`, where a value that may be none ("this Shugenja": a Spell's bearer) is first checked to
 * be one: "If this Shugenja is Thunder" is false for a Spell attached to nobody.
 */
export function whenSome(cx: LowerContext, value: A.Expr, use: (v: A.Expr) => A.Expr | null): A.Expr | null {
  const ty = cx.typeOf(value, new Map<string, Ty>([["you", T.player], ["self", T.card]]));
  if (!ty.nullable || ty.k === "none") return use(value);
  const b = new AstBuilder(value.range);
  const name = cx.fresh("some");
  const body = use(b.ref(name));
  return body ? letExpr(name, value, b.and([b.bin("!=", b.ref(name), b.none()), body]), value.range) : null;
}

/** A slot's value as a plain expression (for conditions and qualifiers): nothing to choose. */
/** "his base Force" in a qualifier: the card the qualifier describes (nouns.ts, aboutSubject). */
function describedByPossessive(cx: LowerContext, card: CardPhrase): A.Expr | null {
  if (card.k !== "pronoun" || !cx.describedSubject || !["his", "her", "its"].includes(card.word)) return null;
  cx.use(phraseId("construct", "<qualifier> with his <stat>"));
  return cx.reRange(cx.describedSubject, card.range);
}

/** What `use` reads of a card that may be none, or `otherwise` when it is none. */
function ofSome(cx: LowerContext, card: A.Expr, use: (of: A.Expr) => A.Expr, otherwise: A.Expr, range: A.Range): A.Expr {
  const b = new AstBuilder(range);
  const name = cx.fresh("of");
  return letExpr(name, card, { kind: "IfExpr", range, condition: b.bin("!=", b.ref(name), b.none()), then: use(b.ref(name)), else: otherwise }, range);
}

/** A card's controller or owner; none when the card may be none and is ("this Personality's
 *  controller" on an unattached Item), so what compares it reads no card that is not there. */
function playerOf(cx: LowerContext, card: A.Expr, whose: "controller" | "owner"): A.Expr {
  const b = new AstBuilder(card.range);
  if (!cx.typeOf(card, cx.available ?? new Map()).nullable) return b.member(card, whose);
  return ofSome(cx, card, (of) => b.member(of, whose), b.none(), card.range);
}

export function slotExpr(cx: LowerContext, slot: SlotValue): A.Expr | null {
  switch (slot.ty) {
    case "number":
      return new AstBuilder(slot.range).num(slot.v);
    case "numberOf": {
      const card = describedByPossessive(cx, slot.card) ?? slotExpr(cx, { ty: "card", v: slot.card });
      const b = new AstBuilder(slot.range);
      if (!card) return null;
      const statFn = slot.printed ? "printedStatOf" : "statOf";
      if (slot.card.k !== "ref" && !cx.typeOf(card, cx.available ?? new Map()).nullable) return b.call(statFn, [{ value: card }, { value: b.ref(slot.stat) }]);
      // A reference (or a pronoun for one) may name no card ("the discarded card" when none was): its
      // stat is then 0.
      return ofSome(cx, card, (of) => b.call(statFn, [{ value: of }, { value: b.ref(slot.stat) }]), b.num(0), slot.range);
    }
    case "quantity":
      return cx.refExpr(slot.ref, slot.range);
    case "valueOf": {
      const player = slotExpr(cx, { ty: "player", v: slot.player });
      return player ? new AstBuilder(slot.range).member(player, slot.value) : null;
    }
    case "countOf": {
      const b = new AstBuilder(slot.range);
      return b.call("count", [{ value: candidatesOf(cx, slot.cards) }]);
    }
    case "extremeOf":
      return extremeExpr(cx, slot);
    case "arith": {
      const b = new AstBuilder(slot.range);
      const left = slotExpr(cx, slot.left);
      if (!left) return null;
      if (slot.op === "half") return b.bin("/", left, b.num(2));
      if (slot.op === "halfUp") return b.bin("/", b.bin("+", left, b.num(1)), b.num(2));
      const right = slot.right ? slotExpr(cx, slot.right) : null;
      if (slot.op === "max" || slot.op === "min") {
        if (slot.bound) cx.use(phraseId("construct", `<number>, to a ${slot.op === "min" ? "maximum" : "minimum"} of <number>`));
        else cx.use(phraseId("construct", "<number> or <number>, whichever is [higher|lower]")); // (one construct: which of the two is a word)
        return right ? b.call(slot.op, [{ value: left }, { value: right }]) : null;
      }
      if (slot.perCard) cx.use(phraseId("construct", PER_COUNT));
      // ("for every two Farms": each whole group counts, integer division rounding down)
      const groups = right && slot.every ? b.bin("/", right, b.num(slot.every)) : right;
      return groups ? b.bin(slot.op, left, groups) : null;
    }
    case "when": {
      const then = slotExpr(cx, slot.then);
      const c = condition(cx, [...slot.words], new Map(), "if");
      if (!then || !c || c.k !== "expr") return null;
      cx.use(phraseId("construct", "<number> plus <number> if <condition>"));
      return { kind: "IfExpr", range: slot.range, condition: c.expr, then, else: new AstBuilder(slot.range).num(0) };
    }
    case "stat":
      return new AstBuilder(slot.range).ref(slot.v);
    case "text":
      if (slot.member) cx.use(phraseId("word", slot.v));
      return new AstBuilder(slot.range).str(slot.v);
    case "texts": {
      // (each word of a declared list the effect reads counts as a phrase of its own: word-lists.ts)
      if (slot.counted) for (const v of slot.v) cx.use(phraseId("word", v));
      const b = new AstBuilder(slot.range);
      return { kind: "List", range: slot.range, items: slot.v.map((v) => b.str(v)) };
    }
    case "bonus": {
      if (!slot.per) return irLeaf({ k: "bonusLit", stat: slot.stat, amount: slot.amount }, T.bonus, slot.range);
      const counted = slotExpr(cx, slot.per);
      const b = new AstBuilder(slot.range);
      cx.use(phraseId("construct", PER_COUNT));
      // ("for every two Farms": each whole group counts, integer division rounding down)
      const per = counted && slot.every ? b.bin("/", counted, b.num(slot.every)) : counted;
      return per ? b.call("bonusOf", [{ value: b.ref(slot.stat) }, { value: b.bin("*", b.num(slot.amount), per) }]) : null;
    }
    case "bool": {
      const c = condition(cx, [...slot.words], new Map(), "if");
      return c && c.k === "expr" ? c.expr : null;
    }
    case "description":
      return irLeaf({ k: "descriptionLit", type: slot.type, keywords: slot.keywords, traits: slot.traits, clans: slot.clans, stats: slot.stats }, T.description, slot.range);
    case "ability":
      return cx.grantedAbility(slot.ability, slot.range);
    // (adjuncts are lowered into their hook, never as a value: adjuncts.ts)
    case "adjuncts":
      return null;
    case "use":
      return useExpr(cx, slot, null);
    case "zone":
      return placeExpr(cx, slot, T.zone, (s) => slotExpr(cx, s));
    case "player": {
      const v = slot.v;
      const b = new AstBuilder(v.range);
      if (v.k === "you") return b.ref("you");
      // "Target another player. He may draw a card": "he" is the player chosen, when he was named after
      // any card "he" can stand for (else the card's controller, below).
      if (v.k === "card" && v.card.k === "pronoun" && !v.card.targeted && !v.card.described && !v.card.definite) {
        const player = cx.possessingPlayer(v.card.word);
        if (player) return cx.named(player, v.card.range);
      }
      if (v.k === "card") {
        const card = slotExpr(cx, { ty: "card", v: v.card });
        // A reference to a player ("the active player") is that player, not a card's controller.
        if (card && v.card.k === "ref" && cx.typeOf(card, cx.available ?? new Map()).k === "player") return card;
        return card ? playerOf(cx, card, "controller") : null;
      }
      if (v.k === "owner") {
        cx.use(phraseId("construct", "<card>'s owner"));
        const card = slotExpr(cx, { ty: "card", v: v.card });
        return card ? playerOf(cx, card, "owner") : null;
      }
      cx.unsupported([], v.range, "a condition names a player it does not choose");
      return null;
    }
    case "card": {
      const v = slot.v;
      if (v.k === "pronoun") {
        const p = cx.pronoun("card", v.range, v.word, v.targeted, v.described, v.definite);
        if (p && cx.pronouns.find((x) => x.name === p)?.many) {
          cx.fail("unsupported/pronoun", `"${v.word}" names several cards, which a condition cannot read yet`, v.range);
          return null;
        }
        // "If the target moved, bow him": the target named is the latest card named (as in effects).
        if (p && v.targeted) cx.mentioned(p);
        return p ? cx.named(p, v.range) : null;
      }
      if (v.k === "ref") {
        if (!cx.refAvailable(v.ref, v.range)) return null;
        const expr = cx.refExpr(v.ref, v.range);
        // "If this Shugenja is Water, he may ...": the card a condition names is "he" afterwards.
        cx.namedReference(v.ref, expr, false);
        return expr;
      }
      // "Pay Gold equal to a target Personality's Personal Honor: Dishonor him", "After the next time a
      // target Personality attacks you, ...": a target named where a card is read is chosen when the
      // ability is announced, as anywhere (a look ahead has a card stand in for it).
      if (v.target && !v.count) {
        if (cx.tryingOnly) return new AstBuilder(v.range).ref("self");
        cx.use(phraseId("construct", "a target named in a number or a subject"));
        return new AstBuilder(v.range).ref(cx.declareTarget(v, !v.chosen));
      }
      // "your Kensai's Chi": the Kensai of yours the ability chose.
      const yours = cx.yoursNamed(v);
      if (yours) {
        cx.use(phraseId("construct", "your <noun> the ability chose"));
        if (!cx.tryingOnly) cx.mentioned(yours);
        return cx.named(yours, v.range);
      }
      cx.unsupported(v.words, v.range, "a description of cards cannot stand here");
      return null;
    }
  }
}

/** Where the condition of "If <condition>, <effect>" ends: the last comma before which the words read as
 *  a condition ("If he is Kolat, Ninja, or Shadowlands, ..."), or -1. */
export function ifConditionEnd(cx: LowerContext, words: readonly Word[]): number {
  // (the conditions before each comma share their parts: "If A or B, C, ..." asks of A and B again)
  return askingConditions(cx, () => {
    for (let i = words.length - 1; i > 0; i--) if (words[i]!.t === "p" && (words[i] as { text: string }).text === "," && conditionAhead(cx, words.slice(0, i))) return i;
    return -1;
  });
}
