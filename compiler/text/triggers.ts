// Triggers: "After <event>" and "Before <event or heading>", a timing point or a declared event whose
// slots filter what triggers the ability ("After one of your Personalities wins a duel").
import type * as A from "../../grammar/index.ts";
import { T, type Ty } from "../types.ts";
import { phraseId, type EventPhrase, type PointPhrase } from "./lexicon.ts";
import { phrasesReading } from "./lexicon.ts";
import type { Match, SlotValue } from "./match.ts";
import {
  rangeOfWords,
  literalAt,
  splitAtCommas,
  startsWith,
  startsWithLiterals,
  textOfWords,
  type Word,
} from "./words.ts";
import { AstBuilder } from "./build.ts";
import { declaredOf, suggest } from "./suggest.ts";
import type {
  LoweredAbility,
  LoweredBinding,
  LowerContext,
} from "./context.ts";
import { conditionAhead, condition, slotExpr } from "./conditions.ts";
import { cardCondition, describedCandidates } from "./nouns.ts";
import {
  actionFilter,
  trailingQualifiers,
  type ActionPhrase,
} from "./actions.ts";
import { firstTimeEach } from "./first-time.ts";
import { oneOfEach } from "./event-subjects.ts";
import { targetedByEvent } from "./event-targets.ts";
import { actionsOfPlayer } from "./player-with-action.ts";
import { destinationsAt, withDestination } from "./destinations.ts";
import { unsaidFilter } from "./event-settings.ts";
import { placeFilter } from "./event-places.ts";

// ================================================================ triggers
/**
 * Which comma-separated part of the first sentence is the trigger ("After ...", "before ..."), or -1.
 * Parts before it are conditions ("Any number of times per turn, before you lose Honor ...").
 */
export function triggerPart(cx: LowerContext, segments: Word[][][]): number {
  const first = segments[0]?.[0];
  if (!first) return -1;
  const parts = splitAtCommas(first);
  const at = parts.findIndex((part) => triggerWordAt(cx, part) === 0);
  if (at >= 0) return at;
  // "once per battle after engaging": a condition, then the trigger, in one part.
  return parts.findIndex((part) => {
    const i = triggerWordAt(cx, part);
    return i > 0 && conditionAhead(cx, part.slice(0, i));
  });
}

/** Joins into `parts[at]` the parts after it that, with their commas, make the trigger an event. */
function joinListedTrigger(cx: LowerContext, parts: Word[][], at: number, available: ReadonlyMap<string, Ty>): void {
  const withCommas = (from: number, to: number): Word[] =>
    parts.slice(from, to + 1).flatMap((p, i) => (i === 0 ? p : [{ t: "p", text: ",", range: p[0]?.range ?? parts[from]![0]!.range } as Word, ...p]));
  const lead = triggerWordAt(cx, parts[at]!);
  if (lead < 0 || parts.slice(at + 1).some((p) => p.length === 0)) return;
  const before = literalAt(parts[at]!, lead) === "before";
  if (readEvent(cx, parts[at]!.slice(lead + 1), before, available, true)) return;
  for (let to = parts.length - 1; to > at; to--) {
    const joined = withCommas(at, to);
    if (!readEvent(cx, joined.slice(lead + 1), before, available, true)) continue;
    parts.splice(at, to - at + 1, joined);
    return;
  }
}

export function triggerWordAt(cx: LowerContext, part: readonly Word[]): number {
  return part.findIndex(
    (w) =>
      w.t === "w" &&
      (w.lower === "after" || w.lower === "before" || w.lower === "when"),
  );
}

export function lowerTrigger(
  cx: LowerContext,
  segments: Word[][][],
  triggerAt: number,
  reaction: boolean,
  bindings: LoweredBinding[],
  available: Map<string, Ty>,
): LoweredAbility["trigger"] {
  let at = triggerAt;
  const parts = splitAtCommas(segments[0]![0]!);
  // "After your Tactical, Bushido Virtue, or Terrain action resolves:": a trigger before a colon may have
  // commas of its own (a list); the longest run of parts from the trigger on that reads as an event is it.
  if (segments[0]!.length === 1 && segments.length > 1) joinListedTrigger(cx, parts, at, available);
  const whole = parts[at]!;
  // A condition before the trigger word in the same part stays with the constraints.
  const lead = triggerWordAt(cx, whole);
  if (lead > 0) {
    parts.splice(at, 1, whole.slice(0, lead), whole.slice(lead));
    at++;
  }
  const part = parts[at]!;
  const when = part[0]! as Extract<Word, { t: "w" }>;
  // "the first time each turn ...": only the period's first occurrence of the event.
  // ("After each time ...": a trait's trigger happens each time anyway.)
  const eachTime = startsWithLiterals(part, 1, ["each", "time"]) > 0 ? 2 : 0;
  if (eachTime) cx.use(phraseId("construct", "After each time <event> (a trait)"));
  const first = firstTimeEach(cx, part.slice(1 + eachTime));
  const words = first ? first.rest : part.slice(1 + eachTime);
  const firstTime = first ? first.sequences : null;
  const range = rangeOfWords(words, when.range);
  // "After X: effects" (the rest of the segment is constraints) or "After X, effects" (a trait).
  const colonForm = segments[0]!.length === 1 && segments.length > 1;
  const others = parts.filter((_, i) => i !== at);
  const joined = others.flatMap((p, i) =>
    i === 0
      ? p
      : [{ t: "p", text: ",", range: p[0]?.range ?? range } as Word, ...p],
  );
  if (colonForm) {
    if (others.length) segments[0]![0] = joined;
    else segments.shift();
  } else {
    if (at !== 0) {
      cx.unsupported(part, when.range, "a trait's trigger comes first");
      return null;
    }
    if (others.length === 0) {
      cx.unsupported(part, when.range, "a trigger is followed by ':' or ','");
      return null;
    }
    segments[0]![0] = joined;
  }

  // A timing point: "Before Focus Effects resolve", "After your Dynasty Phase ends" (none is "When").
  const point = (p: PointPhrase, n: number): LoweredAbility["trigger"] => {
    const ty = T.frame(p.seq);
    bindings.push({ name: p.seq, ty, source: { k: "event", index: 0 } });
    available.set(p.seq, ty);
    const b = new AstBuilder(range);
    const filters: A.Expr[] = [];
    if (p.playerParam)
      filters.push(
        b.bin(
          p.others ? "!=" : "==",
          b.member(b.ref(p.seq), p.playerParam),
          b.ref("you"),
        ),
      );
    // "After a battle ends in which you destroyed a province as the Attacker": a condition on the
    // sequence that has just ended, read with its frame (named by the sequence) available.
    if (n < words.length) {
      const c = condition(cx, words.slice(n), available, "constraint");
      if (!c) return null;
      if (c.k === "expr") filters.push(c.expr);
      cx.use(phraseId("construct", "<timing point> <condition on its sequence>"));
    }
    cx.use(phraseId("point", pointShape(p)));
    return {
      event: `${p.at ?? when.lower}:${p.point}`,
      reaction,
      filter: filters.length ? b.and(filters) : null,
      firstTime,
    };
  };
  const points = when.lower === "when" ? [] : pointsReading(cx, words).filter((p) => !p.when || p.when === when.lower);
  for (const p of points) {
    if (startsWith(words, 0, p.words) !== words.length) continue;
    return point(p, words.length);
  }
  // An event, perhaps followed by a condition: "before you lose Honor from an action that ...".
  const best = readEvent(
    cx,
    words,
    when.lower === "before",
    available,
    true,
    when.lower === "when",
  );
  // A timing point followed by a condition, when no event reads the words.
  if (!best)
    for (const p of points) {
      const n = startsWith(words, 0, p.words);
      if (n <= 0 || n >= words.length || !conditionAhead(cx, words.slice(n))) continue;
      return point(p, n);
    }
  if (!best) {
    const before = when.lower === "before";
    const d = declaredOf(cx.checker.symbols);
    const { text, related } = cx.suggesting
      ? suggest(words, before ? d.eventsBefore : d.eventsAfter)
      : { text: "", related: [] };
    if (before)
      cx.fail(
        "unsupported/trigger",
        `"${textOfWords(words)}" is neither the start of a heading nor an event announced before it happens${text}`,
        range,
        related,
      );
    else if (when.lower === "when")
      cx.fail(
        "unsupported/trigger",
        `no event announced as it happens reads "${textOfWords(words)}" (a "When ..." trigger: a Gold payment, or a player's choice as he makes it)${text}`,
        range,
        related,
      );
    else
      cx.fail(
        "unsupported/trigger",
        `no event reads "${textOfWords(words)}"${text}`,
        range,
        related,
      );
    return null;
  }
  const b = new AstBuilder(range);
  const filters: A.Expr[] = [];
  cx.use(best.event.id);
  if (best.match.trailing)
    cx.use(phraseId("construct", "<event> <qualifiers of its action>"));
  best.event.params.forEach((p, index) => {
    bindings.push({ name: p.name, ty: p.ty, source: { k: "event", index } });
    available.set(p.name, p.ty);
    const slot = best!.match.slots.get(p.name);
    if (slot) {
      const f = triggerFilter(cx, slot, b.ref(p.name));
      if (f) filters.push(f);
    }
    // (a parameter the wording sets or leaves to its default: event-settings.ts)
    const unsaid = slot ? null : unsaidFilter(best!.event.unsaid, p.name, b.ref(p.name), (e, r) => cx.reRange(e, r));
    if (unsaid) filters.push(unsaid);
    const pty =
      p.ty.k === "card"
        ? "card"
        : p.ty.k === "player"
          ? "player"
          : p.ty.k === "use"
            ? "use"
            : null;
    const namedAs =
      slot?.ty === "card" && slot.v.k === "select"
        ? cx.nounTypes(slot.v.noun)
        : null;
    // ("After an action targets your Earth Shugenja: Negate the Shugenja's destruction": the keyword
    // its noun names it by, as a target's is.)
    const keyword =
      slot?.ty === "card" && slot.v.k === "select" && slot.v.noun.kind === "keyword"
        ? { keyword: slot.v.noun.name }
        : {};
    // ("any of your Personalities": one of them, "him" and not "them": event-subjects.ts)
    const single = pty === "card" && best!.words !== undefined && namedAs !== null;
    // ("After an action targets your Personality: ... the target": event-targets.ts)
    const targetedBefore = pty === "card" && targetedByEvent(best!.event.template, p.name);
    if (pty)
      cx.pronouns.push({
        name: p.name,
        ty: pty,
        types: null,
        everywhere: true,
        ...(single ? { single } : {}),
        ...(targetedBefore ? { targetedBefore } : {}),
        ...(namedAs ? { namedAs } : {}),
        ...keyword,
      });
    if (slot?.ty === "use" && slot.action)
      describedByAction(cx, slot.action, b.ref(p.name), range);
    // The player whose ability it is: "When paying a Gold cost" (a "When" phrase that names no player is
    // about the one paying), "After you gain Honor", "After your turn begins" (a phrase that says "you"
    // for the event's one player, as "{p}" read as "you" would be).
    const own =
      best!.event.when ||
      (saysYou(best!.event) &&
        best!.event.params.filter((q) => q.ty.k === "player").length === 1);
    if (!slot && !unsaid && p.ty.k === "player" && own)
      filters.push(b.bin("==", b.ref(p.name), b.ref("you")));
  });
  const read = best.words ?? words;
  if (best.match.next < read.length) {
    // The condition after the event: a card it describes is chosen when the Reaction is announced.
    const c = condition(
      cx,
      read.slice(best.match.next),
      available,
      "constraint",
    );
    if (!c) return null;
    if (c.k === "expr") filters.push(c.expr);
  }
  return {
    event: best.event.event,
    reaction,
    filter: filters.length ? b.and(filters) : null,
    firstTime,
  };
}

/** Whether an event phrase names "you" or "your" in its own words ("you gain Honor"). */
function saysYou(ev: EventPhrase): boolean {
  return ev.template.parts.some(
    (part) => "lit" in part && (part.lit === "you" || part.lit === "your"),
  );
}

/**
 * "After the resolution of an action that bowed a Personality, target him": a card the action's
 * description names among what it did is chosen when the ability is announced (one of those that fit),
 * and is "him" afterwards, as a card a condition after the event describes is.
 */
function describedByAction(
  cx: LowerContext,
  action: ActionPhrase,
  subject: A.Expr,
  range: A.Range,
): void {
  // "Before the resolution of an action from a Stronghold, pay Gold equal to the Stronghold's base Gold
  // Production": the card whose ability it is, named by its noun.
  const on = action.on;
  if (on?.k === "select" && !on.noun.plural && on.count === undefined) {
    cx.pronouns.push({
      name: cx.fresh("source"),
      ty: "card",
      types: cx.nounTypes(on.noun),
      stands: new AstBuilder(range).member(subject, "card"),
      everywhere: true,
    });
  }
  describedByAnyOf(cx, action, subject, range);
  // "After a player's Favor action resolves, he loses 2 Honor": the player a possessive names is "he".
  if (action.adjectives.some((a) => a.meaning.k === "declared" && a.words[a.words.length - 1] === "'s" && a.words.includes("player")))
    cx.pronouns.push({
      name: cx.fresh("taker"),
      ty: "player",
      types: null,
      stands: new AstBuilder(range).member(subject, "player"),
      everywhere: true,
    });
  for (const q of action.qualifiers) {
    const found = describedCandidates(cx, q, subject, range);
    if (!found) continue;
    // "that destroyed any Personalities: Remove them from the game": all of them, not one chosen card
    // ("them": each card of the description the action did it to, worked out where it is named).
    // ("that moved one of your Personalities: ... the Personality's location": one card, a plural noun.)
    if (found.select.noun.plural && found.select.quant !== "one-of") {
      cx.pronouns.push({
        name: cx.fresh("described"),
        ty: "card",
        types: cx.nounTypes(found.select.noun),
        many: true,
        stands: found.candidates,
        everywhere: true,
      });
      continue;
    }
    const slot = cx.fresh("chosen");
    cx.targets.push({
      slot,
      prompt: `Choose ${textOfWords(found.select.words)}`,
      candidates: found.candidates,
      targeted: false,
    });
    cx.pronouns.push({
      name: slot,
      ty: "card",
      types: cx.nounTypes(found.select.noun),
    });
  }
}

/**
 * "After the resolution of an action that bowed or destroyed a Personality, target him": one card among
 * those it did any of them to (that fit the description), chosen when the ability is announced.
 */
function describedByAnyOf(
  cx: LowerContext,
  action: ActionPhrase,
  subject: A.Expr,
  range: A.Range,
): void {
  if (!action.anyOf) return;
  const found = action.anyOf.map((q) => describedCandidates(cx, q, subject, range));
  if (found.some((f) => !f)) return;
  const first = found[0]!.select;
  if (first.noun.plural) return;
  const b = new AstBuilder(range);
  const slot = cx.fresh("chosen");
  cx.targets.push({
    slot,
    prompt: `Choose ${textOfWords(first.words)}`,
    candidates: found.map((f) => f!.candidates).reduce((acc, x) => b.bin("+", acc, x)),
    targeted: false,
  });
  cx.pronouns.push({ name: slot, ty: "card", types: cx.nounTypes(first.noun) });
}

/**
 * The declared event that reads `words` from the start (announced before what it names happens, for
 * `before`): the longest reading that ends the words, or (`conditionAfter`) is followed by a condition.
 */
export function readEvent(
  cx: LowerContext,
  words: readonly Word[],
  before: boolean,
  available: ReadonlyMap<string, Ty>,
  conditionAfter: boolean,
  when = false,
): {
  event: EventPhrase;
  match: Match & { next: number; trailing?: boolean };
  /** The words as read, when not as written ("any of" read as "one of": event-subjects.ts). */
  words?: readonly Word[];
} | null {
  const found = readEventIn(cx, words, before, available, conditionAfter, when);
  if (found) return found;
  const each = oneOfEach(words);
  const again = each ? readEventIn(cx, each, before, available, conditionAfter, when) : null;
  if (again) {
    cx.use(phraseId("construct", "<event> of any of <cards>"));
    return { ...again, words: each! };
  }
  // ("another player targets him with an action": player-with-action.ts)
  for (const mine of actionsOfPlayer(cx, words)) {
    const found = readEventIn(cx, mine, before, available, conditionAfter, when);
    if (!found) continue;
    cx.use(phraseId("construct", "<player> <event of an action> with <action>"));
    return { ...found, words: mine };
  }
  return null;
}

function readEventIn(
  cx: LowerContext,
  words: readonly Word[],
  before: boolean,
  available: ReadonlyMap<string, Ty>,
  conditionAfter: boolean,
  when: boolean,
): {
  event: EventPhrase;
  match: Match & { next: number; trailing?: boolean };
} | null {
  let best: {
    event: EventPhrase;
    match: Match & { next: number; trailing?: boolean };
  } | null = null;
  for (const ev of phrasesReading(cx.lex.eventsByFirst, words, 0)) {
    if (ev.before !== before || ev.when !== when) continue;
    for (const m of cx.matcher
      .matchPrefix(ev.template, words, 0, words.length)
      .flatMap((m) => [m, ...qualifiedAfter(cx, ev, m, words), ...movedTo(cx, ev, m, words)])) {
      if (
        m.next < words.length &&
        !(conditionAfter && conditionAhead(cx, words.slice(m.next)))
      )
        continue;
      // A reference that needs what a trigger does not have ("your Personality" in a duel) is not meant.
      // (nor in a qualifier of the event's action: "an action that moved your Personality")
      if ([...m.slots.values()].some((v) => needsUnavailable(v, available)))
        continue;
      if (
        !best ||
        m.next > best.match.next ||
        (m.next === best.match.next && m.literals > best.match.literals)
      )
        best = { event: ev, match: m };
    }
  }
  return best;
}

/** Does a slot name a reference that needs what the trigger does not have, itself or in a qualifier
 *  of the action it describes? */
function needsUnavailable(
  v: SlotValue,
  available: ReadonlyMap<string, Ty>,
): boolean {
  if (v.ty === "card")
    return v.v.k === "ref" && v.v.ref.needs.some((n) => !available.has(n));
  if (v.ty !== "use" || !v.action) return false;
  return [...v.action.qualifiers, ...(v.action.anyOf ?? [])].some((q) =>
    [...q.slots.values()].some((s) => needsUnavailable(s, available)),
  );
}

/**
 * "After an action resolves that Rata performed and that destroyed a Personality": the qualifiers of the
 * event's action written after the event's last word (the phrase ends in a word, not in its action),
 * read as the action's own ("After the resolution of an action that Rata performed ...").
 */
function qualifiedAfter(
  cx: LowerContext,
  ev: EventPhrase,
  m: Match & { next: number },
  words: readonly Word[],
): (Match & { next: number; trailing: boolean })[] {
  const last = ev.template.parts[ev.template.parts.length - 1];
  if (m.next >= words.length || !last || !("lit" in last)) return [];
  const out: (Match & { next: number; trailing: boolean })[] = [];
  for (const [name, slot] of m.slots) {
    if (slot.ty !== "use" || !slot.action || slot.action.qualifiers.length || slot.action.anyOf)
      continue;
    const action = slot.action;
    for (const t of trailingQualifiers(
      cx.lex,
      cx.matcher,
      words,
      m.next,
      words.length,
    )) {
      const slots = new Map(m.slots);
      slots.set(name, {
        ...slot,
        action: { ...action, qualifiers: t.qualifiers, ...(t.anyOf ? { anyOf: t.anyOf } : {}) },
      });
      out.push({ slots, literals: m.literals, next: t.next, trailing: true });
    }
  }
  return out;
}

/**
 * "After a Personality moves to the current battlefield": the event's card (its first card slot, a
 * description) is then at that place (destinations.ts).
 */
function movedTo(
  cx: LowerContext,
  ev: EventPhrase,
  m: Match & { next: number },
  words: readonly Word[],
): (Match & { next: number })[] {
  const card = ev.params.find((p) => p.ty.k === "card" && m.slots.has(p.name));
  if (!card || m.next >= words.length) return [];
  const out: (Match & { next: number })[] = [];
  for (const d of destinationsAt(cx.lex, cx.matcher, words, m.next, words.length)) {
    const slot = withDestination(m.slots.get(card.name), d.q);
    if (!slot) continue;
    const slots = new Map(m.slots);
    slots.set(card.name, slot);
    out.push({ slots, literals: m.literals, next: d.next });
  }
  return out;
}

/** The timing points that may read as the whole of `words`: those beginning with its first word. */
export function pointsReading(
  cx: LowerContext,
  words: readonly Word[],
): readonly PointPhrase[] {
  const first = words[0];
  if (!first) return cx.lex.points;
  return (
    (first.t === "w" ? cx.lex.pointsByFirst.get(first.lower) : undefined) ?? []
  );
}

export function triggerFilter(
  cx: LowerContext,
  slot: SlotValue,
  subject: A.Expr,
): A.Expr | null {
  const b = new AstBuilder(subject.range);
  if (slot.ty === "card") return cardCondition(cx, slot.v, subject);
  if (slot.ty === "zone") return placeFilter(cx, slot, subject);
  if (slot.ty === "player") {
    const v = slot.v;
    if (v.k === "you") return b.bin("==", subject, b.ref("you"));
    if (v.k === "other")
      return v.quant === "another" || v.quant === "eachOther"
        ? b.bin("!=", subject, b.ref("you"))
        : null;
    cx.unsupported([], v.range, "a trigger names a player by a card");
    return null;
  }
  if (slot.ty === "use") {
    if (slot.action) return actionFilter(cx, slot.action, subject);
    cx.fail(
      "unsupported/pronoun",
      `"${slot.word}" has nothing to refer to in a trigger`,
      slot.range,
    );
    return null;
  }
  // A number, a stat, a text: the event's argument is that value ("After you lose exactly 1 Honor").
  const value = slotExpr(cx, slot);
  if (!value)
    cx.unsupported([], subject.range, `a trigger names this value: ${slot.ty}`);
  return value ? b.bin("==", subject, value) : null;
}

/** The id coverage counts for a timing point: its kind, not the heading it names.  Every sequence's
 *  start and end and every heading's title are read the same way from the rules' own sequences
 *  (compiler/text/lexicon.ts), before or after as the trigger says, so "Before an End Phase begins" and
 *  "After your Dynasty Phase ends" are one construct applied to two sequences, as "{c} enters play" is
 *  one phrase for any card.  (Whose sequence it is, "your", "another player's" or anyone's, is a word
 *  of that one construct, as a bracketed word of a declared phrase is.) */
export function pointShape(p: PointPhrase): string {
  if (!p.when) return "<before|after> <heading title>";
  return "<before|after> <the start or end of [a|your|another player's] sequence>";
}
