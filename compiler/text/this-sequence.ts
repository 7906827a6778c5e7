// Effects delayed to a moment of the sequence the text is read in: "Before this battle resolves, bow
// him", "Straighten him before this battle resolves", "After this battle resolves, if you lost the
// battle, destroy the target" (Twenty Festivals, "Delayed effects": "Effects that will occur at a given
// time in the future").  The moment is a declared event one of whose parameters is that sequence
// (rules/battles.l5r: `battleResolving(b: battle)`); the effects happen once, when the event next
// happens for the sequence running when the text resolved (none running: nothing is delayed).
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { readEvent, triggerFilter } from "./triggers.ts";
import { namedByOtherWording, unsaidFilter } from "./event-settings.ts";

/** One construct, whichever the moment ("before", "after") and wherever it stands: the effects wait for a
 *  moment of the sequence running. */
const THIS_SEQUENCE = "[[before|after] <event of this sequence>, <effect>|<effect> [before|after] <event of this sequence>]";

/** Lowers "before/after <event>, <effects>" or "<effects> before/after <event>" into `sink`; false when
 *  the words are not one. */
export function thisSequenceSentence(
  cx: LowerContext,
  words: Word[],
  sink: Sink,
  sentence: (words: Word[], sink: Sink) => void,
): boolean {
  const lead = literalAt(words, 0);
  if (lead === "before" || lead === "after") {
    for (let comma = 2; comma < words.length - 1; comma++) {
      if (literalAt(words, comma) !== ",") continue;
      if (
        lower(
          cx,
          words,
          words.slice(1, comma),
          lead === "before",
          words.slice(comma + 1),
          sink,
          sentence,
        )
      )
        return true;
    }
    return false;
  }
  for (let at = words.length - 2; at > 0; at--) {
    const w = literalAt(words, at);
    if (w !== "before" && w !== "after") continue;
    if (
      lower(
        cx,
        words,
        words.slice(at + 1),
        w === "before",
        words.slice(0, at),
        sink,
        sentence,
      )
    )
      return true;
  }
  return false;
}

function lower(
  cx: LowerContext,
  all: Word[],
  said: Word[],
  before: boolean,
  effects: Word[],
  sink: Sink,
  sentence: (words: Word[], sink: Sink) => void,
): boolean {
  if (effects.length === 0) return false;
  const found = readEvent(cx, said, before, sink.available, false);
  if (!found) return false;
  // The event must name a sequence ("this battle"): the one running now; what else it names, the text
  // says ("after you win this duel": the player).
  const frames = found.event.params.filter((p) => p.ty.k === "frame");
  if (frames.length !== 1) return false;
  const named = found.event.params.filter((p) => p.ty.k !== "frame");
  if (named.some((p) => !found.match.slots.has(p.name) && !found.event.unsaid?.has(p.name) && !namedByOtherWording(found.event, p.name))) return false;
  const seq = (
    frames[0]!.ty as Extract<(typeof frames)[0]["ty"], { k: "frame" }>
  ).seq;
  const range = rangeOfWords(all, all[0]!.range);
  const b = new AstBuilder(range);
  const running = cx.fresh("running");
  const binder = cx.fresh(`${frames[0]!.name}Then`);
  const binders = found.event.params.map((p) => (p.ty.k === "frame" ? binder : cx.fresh(p.name)));
  const filters: A.Expr[] = [b.bin("==", b.ref(binder), b.ref(running))];
  for (const [i, p] of found.event.params.entries()) {
    if (p.ty.k === "frame") continue;
    const slot = found.match.slots.get(p.name);
    // (one the wording leaves out: what it sets or leaves to a default, if anything, event-settings.ts)
    const f = slot ? triggerFilter(cx, slot, b.ref(binders[i]!)) : unsaidFilter(found.event.unsaid, p.name, b.ref(binders[i]!), (e, r) => cx.reRange(e, r));
    if (slot && !f) return false;
    if (f) filters.push(f);
  }
  cx.use(phraseId("construct", THIS_SEQUENCE));
  cx.use(found.event.id);
  const current: A.Expr = {
    kind: "Current",
    optional: true,
    range,
    sequence: b.name(seq),
  } as A.Expr;
  const inner: Sink = {
    stmts: [],
    available: sink.available,
    hookable: null,
    costs: false,
  };
  sentence(effects, inner);
  // Their own ongoing effects last from when they are applied, as the rules' default says.
  const body = cx.lex.defaultDuration
    ? [b.lasting(cx.lex.defaultDuration, inner.stmts)]
    : inner.stmts;
  const once = b.once(found.event.event, binders, b.and(filters), body);
  sink.stmts.push(
    b.letStmt(running, current),
    b.ifStmt(b.bin("!=", b.ref(running), b.none()), [once]),
  );
  return true;
}
