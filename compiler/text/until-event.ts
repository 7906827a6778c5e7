// "Until Tsujiken leaves play, after each time its controller bows it, he loses 1 Honor": effects that
// last until a declared event next happens to what the text names (the event read as a trigger's is;
// its named slots are the event's first arguments, as `duration ... = until turnBegins(you)` gives
// them: rules/trigger-text.l5r).  An event that describes cards ("until a Personality is destroyed")
// is not read here: a duration waits for the cards it names.
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { readEvent } from "./triggers.ts";
import { slotExpr } from "./conditions.ts";
import { DURATION_LEAD } from "./while-lasting.ts";

/** Reads "Until <event>, <effects>"; false when the sentence is not one. */
export function untilEventSentence(cx: LowerContext, words: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): boolean {
  if (literalAt(words, 0) !== "until") return false;
  for (let comma = 2; comma < words.length - 1; comma++) {
    if (literalAt(words, comma) !== ",") continue;
    const said = words.slice(1, comma);
    const found = readEvent(cx, said, false, sink.available, false);
    if (!found || found.match.next !== said.length) continue;
    // The event's first arguments, each named by the text (a prefix of its parameters).  Naming them
    // here makes no pronoun stand for them: "it" in the effects is what the text named before.
    const pronouns = [...cx.pronouns];
    const args: A.Expr[] = [];
    let described = false;
    for (const p of found.event.params) {
      const slot = found.match.slots.get(p.name);
      if (!slot) break;
      if ((slot.ty === "card" && slot.v.k === "select") || (slot.ty !== "card" && slot.ty !== "player")) {
        described = true;
        break;
      }
      const e = slotExpr(cx, slot);
      if (!e) {
        cx.pronouns.splice(0, cx.pronouns.length, ...pronouns);
        return false;
      }
      args.push(e);
    }
    cx.pronouns.splice(0, cx.pronouns.length, ...pronouns);
    if (described || args.length === 0 || args.length < found.match.slots.size) continue;
    // (the event's first arguments only: a later one its wording filters cannot be waited for here, event-settings.ts)
    if (found.event.params.slice(args.length).some((p) => found.event.unsaid?.has(p.name))) continue;
    cx.use(found.event.id);
    cx.use(phraseId("construct", DURATION_LEAD));
    const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    read(words.slice(comma + 1), inner);
    sink.stmts.push(b.lasting([], inner.stmts, { event: b.name(found.event.event), args }));
    return true;
  }
  return false;
}
