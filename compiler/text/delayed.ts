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
import { literalAt, rangeOfWords, startsWith, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Pronoun, Sink } from "./context.ts";
import { readEvent } from "./triggers.ts";
import { selectFilter } from "./nouns.ts";
import { actionFilter, useExpr } from "./actions.ts";
import { slotExpr } from "./conditions.ts";

const LEADS: readonly { words: readonly string[]; before: boolean }[] = [
  { words: ["after", "the", "next", "time"], before: false },
  { words: ["the", "next", "time"], before: false },
  { words: ["before", "the", "next", "time"], before: true },
];

/** Lowers a delayed sentence into `sink`; false when the words are not one. */
export function delayedSentence(cx: LowerContext, words: Word[], sink: Sink, sentence: (words: Word[], sink: Sink) => void): boolean {
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
    const found = readEvent(cx, said, lead.before, sink.available, false);
    if (!found) continue;
    const range = rangeOfWords(words, words[0]!.range);
    const b = new AstBuilder(range);
    cx.use(phraseId("construct", `${lead.words.join(" ")} <event>, <effect>`));
    cx.use(found.event.id);
    if (duration) cx.use(phraseId("duration", duration.words.join(" ")));
    const available = new Map(sink.available);
    const binders: string[] = [];
    const filters: A.Expr[] = [];
    const named: Pronoun[] = [];
    for (const p of found.event.params) {
      const name = cx.fresh(`${p.name}Next`);
      binders.push(name);
      available.set(name, p.ty);
      const slot = found.match.slots.get(p.name);
      if (slot) {
        const f = filterOf(cx, slot, b.ref(name));
        if (!f) return true;
        filters.push(f);
      }
      // NEXT: "'After the next time an action resolves' does not refer to the current action."
      if (p.ty.k === "use") filters.push(b.bin("!=", b.ref(name), b.ref("action")));
      const ty = p.ty.k === "card" || p.ty.k === "player" || p.ty.k === "use" ? p.ty.k : null;
      if (ty) named.push({ name, ty, types: null });
    }
    // What the event names is "it", "its effects" in the effects after the comma, and only there.
    const before = cx.pronouns.length;
    cx.pronouns.push(...named);
    const inner: Sink = { stmts: [], available, hookable: null, costs: false };
    sentence(words.slice(comma + 1), inner);
    cx.pronouns.length = before;
    const body = cx.lex.defaultDuration ? [b.lasting(cx.lex.defaultDuration, inner.stmts)] : inner.stmts;
    const once = b.once(found.event.event, binders, filters.length ? b.and(filters) : null, body);
    sink.stmts.push(duration ? b.lasting(duration.sequences, [once], duration.untilEvent ? cx.reRange(duration.untilEvent, range) : null) : once);
    return true;
  }
  return false;
}

/** What a slot of the delayed event says of its argument `subject`: a card or action the text has named
 *  (a pronoun, a reference), or a description of cards, players or actions. */
function filterOf(cx: LowerContext, slot: SlotValue, subject: A.Expr): A.Expr | null {
  const b = new AstBuilder(subject.range);
  switch (slot.ty) {
    case "card":
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
    default:
      break;
  }
  const value = slotExpr(cx, slot);
  return value ? b.bin("==", subject, value) : null;
}
