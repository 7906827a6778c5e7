// Delayed effects (Twenty Festivals, "Delayed effects", "Next"): "After the next time this turn another
// player's action targets him, negate its effects."  The event is read as a trigger is (a declared
// event phrase), its slots naming what the text has named so far ("him": the target) or describing
// cards and actions; the effects after the comma happen once, the next time the event happens, unless
// the duration ends first: the one the text gives ("this turn", "this game"), else the rules' default
// ("A delayed effect that will resolve the 'next time' something happens refers by default to the next
// time this turn").  Their own ongoing effects last from when they are applied ("The duration of a
// delayed ongoing effect takes into account the turn ... in which it was applied").
import type * as A from "../../grammar/index.ts";
import { phraseId, type Duration } from "./lexicon.ts";
import type { SlotValue } from "./match.ts";
import { literalAt, rangeOfWords, splitAtCommas, startsWith, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Pronoun, Sink } from "./context.ts";
import { readEvent } from "./triggers.ts";
import { unsaidFilter } from "./event-settings.ts";
import { placeFilter } from "./event-places.ts";
import { selectFilter } from "./nouns.ts";
import { actionFilter, useExpr } from "./actions.ts";
import { slotExpr } from "./conditions.ts";
import { actionDelaySentence } from "./action-delays.ts";
import { wordingId } from "./phrase-variants.ts";

// ("After each time ...": a lasting trigger, the effects happening every time until the duration ends.)
// ("The next time another player's action would target ..., it targets ... instead": a "when" event
// too, announced as a choice is made.)
// One construct for the one-shot leads ("[after|before|] the [next|first] time": a wait for the event's
// next occurrence, whichever words say it) and one for the lasting ones ("[after|before] each time").
const ONCE = "[after|before|] the [next|first] time <event>, <effect>";
const EACH = "[after|before] each time <event>, <effect>";
const LEADS: readonly { words: readonly string[]; before: boolean; each?: boolean; when?: boolean }[] = [
  { words: ["after", "the", "next", "time"], before: false },
  { words: ["the", "next", "time"], before: false, when: true },
  { words: ["before", "the", "next", "time"], before: true },
  { words: ["after", "each", "time"], before: false, each: true },
  { words: ["before", "each", "time"], before: true, each: true },
  // "After the first time (this turn) the target assigns, ...": the first time from now is the next time
  // ("the first time each turn", a period's first, is a trigger's: first-time.ts).
  { words: ["after", "the", "first", "time"], before: false },
  { words: ["before", "the", "first", "time"], before: true },
];

/** Lowers a delayed sentence into `sink`; false when the words are not one. */
export function delayedSentence(cx: LowerContext, words: Word[], sink: Sink, sentence: (words: Word[], sink: Sink) => void): boolean {
  // ("... after the action resolves": action-delays.ts)
  if (actionDelaySentence(cx, words, sink, sentence)) return true;
  const lead = LEADS.find((l) => startsWith(words, 0, l.words) > 0);
  if (!lead) return false;
  let at = lead.words.length;
  // "the next time this turn", "the next time this game": how long it waits.
  let duration: Duration | null = null;
  for (const d of cx.lex.durations) {
    const n = startsWith(words, at, d.words);
    if (n > 0) {
      duration = d;
      at += n;
      break;
    }
  }
  for (let comma = at + 1; comma < words.length - 1; comma++) {
    if (literalAt(words, comma) !== ",") continue;
    const said = words.slice(at, comma);
    const events = eventsOf(cx, said, lead.before, sink.available) ?? (lead.when ? whenEvent(cx, said, sink.available) : null);
    if (!events) continue;
    const range = rangeOfWords(words, words[0]!.range);
    const b = new AstBuilder(range);
    cx.use(phraseId("construct", lead.each ? EACH : ONCE));
    if (events.length > 1) cx.use(phraseId("construct", "<event> or <event>"));
    if (duration) cx.use(phraseId("duration", wordingId(duration)));
    const onces: A.OnceStmt[] = [];
    const targets = new Map<number, string>();
    for (const found of events) {
      const once = waitFor(cx, found, words.slice(comma + 1), sink, lead.each ?? false, range, targets, sentence);
      if (!once) return true;
      onces.push(once);
    }
    // "After the next time A or B": the first of them, once (each time: every time either happens).
    const waits: A.Stmt[] = lead.each || onces.length === 1 ? onces : [{ ...onces[0]!, or: onces.slice(1) }];
    sink.stmts.push(...(duration ? [b.lasting(duration.sequences, waits, duration.untilEvent ? cx.reRange(duration.untilEvent, range) : null)] : waits));
    return true;
  }
  return false;
}

type FoundEvent = NonNullable<ReturnType<typeof readEvent>>;

/**
 * The events a delayed sentence waits for: one, or several joined by "or" ("he is assigned to attack or
 * is destroyed", "he bows, is dishonored, or is destroyed"), a later one that does not read alone
 * sharing the first one's subject ("he").
 */
function eventsOf(cx: LowerContext, said: Word[], before: boolean, available: Sink["available"]): FoundEvent[] | null {
  const whole = readEvent(cx, said, before, available, false);
  if (whole) return [whole];
  for (let i = 1; i < said.length - 1; i++) {
    if (literalAt(said, i) !== "or") continue;
    const parts = [...splitAtCommas(said.slice(0, i)).filter((p) => p.length > 0), said.slice(i + 1)];
    if (parts.length > 4) continue;
    const first = readEvent(cx, parts[0]!, before, available, false);
    if (!first) continue;
    const rest = parts.slice(1).map((part) => readEvent(cx, part, before, available, false) ?? withSubjectOf(cx, parts[0]!, part, before, available));
    if (rest.every((r) => r !== null)) return [first, ...(rest as FoundEvent[])];
  }
  return null;
}

/** A "when" event read as the whole of the words ("another player's action would target ..."). */
function whenEvent(cx: LowerContext, said: Word[], available: Sink["available"]): FoundEvent[] | null {
  const found = readEvent(cx, said, false, available, false, true);
  return found ? [found] : null;
}

/** "is destroyed" after "he is assigned to attack or": the event read with the first words of the first
 *  event before it (the fewest that make it read). */
function withSubjectOf(cx: LowerContext, first: Word[], part: Word[], before: boolean, available: Sink["available"]): FoundEvent | null {
  for (let k = 1; k < first.length; k++) {
    const found = readEvent(cx, [...first.slice(0, k), ...part], before, available, false);
    if (found) return found;
  }
  return null;
}

/** The delayed effect waiting for one event: its slots filter what it waits for, and the effects after
 *  the comma name what the event names. */
function waitFor(cx: LowerContext, found: FoundEvent, effects: Word[], sink: Sink, each: boolean, range: A.Range, targets: Map<number, string>, sentence: (words: Word[], sink: Sink) => void): A.OnceStmt | null {
  const b = new AstBuilder(range);
  cx.use(found.event.id);
  if (found.match.trailing) cx.use(phraseId("construct", "<event> <qualifiers of its action>"));
  const available = new Map(sink.available);
  const binders: string[] = [];
  const filters: A.Expr[] = [];
  const named: Pronoun[] = [];
  for (const p of found.event.params) {
    // (its own name where that is free: an effect's default may name it, "reduce the gain by 1" the
    // event's `gain`)
    const name = sink.available.has(p.name) || binders.includes(p.name) ? cx.fresh(`${p.name}Next`) : p.name;
    binders.push(name);
    available.set(name, p.ty);
    const slot = found.match.slots.get(p.name);
    if (slot) {
      const f = filterOf(cx, slot, b.ref(name), targets);
      if (!f) return null;
      filters.push(f);
    }
    // (a parameter the wording sets or leaves to its default: event-settings.ts)
    const unsaid = slot ? null : unsaidFilter(found.event.unsaid, p.name, b.ref(name), (e, r) => cx.reRange(e, r));
    if (unsaid) filters.push(unsaid);
    // NEXT: "'After the next time an action resolves' does not refer to the current action."
    if (p.ty.k === "use") filters.push(b.bin("!=", b.ref(name), b.ref("action")));
    const ty = p.ty.k === "card" || p.ty.k === "player" || p.ty.k === "use" ? p.ty.k : null;
    if (ty) named.push({ name, ty, types: null });
  }
  // What the event names is "it", "its effects" in the effects after the comma, and only there.
  const before = cx.pronouns.length;
  cx.pronouns.push(...named);
  const inner: Sink = { stmts: [], available, hookable: null, costs: false };
  sentence(effects, inner);
  cx.pronouns.length = before;
  const body = cx.lex.defaultDuration ? [b.lasting(cx.lex.defaultDuration, inner.stmts)] : inner.stmts;
  return b.once(found.event.event, binders, filters.length ? b.and(filters) : null, body, each) as A.OnceStmt;
}

/** What a slot of the delayed event says of its argument `subject`: a card or action the text has named
 *  (a pronoun, a reference), or a description of cards, players or actions. */
function filterOf(cx: LowerContext, slot: SlotValue, subject: A.Expr, targets: Map<number, string>): A.Expr | null {
  const b = new AstBuilder(subject.range);
  switch (slot.ty) {
    case "card":
      // "After each time another player's target Personality assigns": a card targeted when the action
      // is announced, which the event must be about.
      if (slot.v.k === "select" && slot.v.target) {
        // (one target, when events joined by "or" share the words that name it)
        const at = slot.v.range.start;
        if (!targets.has(at)) targets.set(at, cx.declareTarget(slot.v, true));
        return b.bin("==", subject, b.ref(targets.get(at)!));
      }
      if (slot.v.k === "select") return selectFilter(cx, slot.v, subject);
      break;
    case "player": {
      const v = slot.v;
      if (v.k === "you") return b.bin("==", subject, b.ref("you"));
      if (v.k === "other") return v.quant === "another" || v.quant === "eachOther" ? b.bin("!=", subject, b.ref("you")) : b.bool(true);
      break;
    }
    case "use":
      if (slot.action) return actionFilter(cx, slot.action, subject);
      if (slot.ref) {
        cx.fail("unsupported/reference", `a delayed effect cannot yet wait for "${slot.word}"`, slot.range);
        return null;
      }
      {
        const e = useExpr(cx, slot, null);
        return e ? b.bin("==", subject, e) : null;
      }
    case "zone":
      return placeFilter(cx, slot, subject);
    default:
      break;
  }
  const value = slotExpr(cx, slot);
  return value ? b.bin("==", subject, value) : null;
}
