// A trait of a kind that describes a player parameter: after its lead, a player description ("Will not
// join a Spider Clan player", "... a Crab or Lion Clan player").  A player description says what the
// player is, so it is read as a declared condition of a player with the parameter as its subject
// ("<player> is a Spider Clan player"): whatever the rules declare a player may be, a trait may name.
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import type { LowerContext } from "./context.ts";
import type { SlotValue } from "./match.ts";
import { slotExpr } from "./conditions.ts";
import { unsaidValue } from "./alternative-settings.ts";
import { AstBuilder } from "./build.ts";
import { rangeOfWords, type Word } from "./words.ts";

/** The condition the player `param` is under when `words` describe him, or null when no declared
 *  condition of a player reads them. */
export function playerDescription(cx: LowerContext, param: string, words: readonly Word[]): A.Expr | null {
  if (words.length === 0) return null;
  const range = rangeOfWords([...words], words[0]!.range);
  // (the description as the predicate of a sentence whose subject is the player described)
  const said: Word[] = [{ t: "w", text: "is", lower: "is", range: words[0]!.range } as Word, ...words];
  for (const c of cx.lex.conditionsByFirst.slotFirst) {
    const subject = c.params[0];
    if (!subject || subject.ty.k !== "player" || !c.decl.filter) continue;
    const whole = cx.matcher.matchPrefix(c.template, said, 0, said.length, subject.name).find((m) => m.next === said.length);
    if (!whole) continue;
    const lets: { name: string; value: A.Expr }[] = [];
    let read = true;
    for (const p of c.params.slice(1)) {
      const slot: SlotValue | undefined = whole.slots.get(p.name);
      const value = slot ? slotExpr(cx, slot) : unsaidValue(c, p.name);
      if (!value) {
        read = false;
        break;
      }
      lets.push({ name: p.name, value: slot ? value : cx.reRange(value, range) });
    }
    if (!read) continue;
    cx.use(c.id);
    const b = new AstBuilder(range);
    const body = letExpr(subject.name, b.ref(param), cx.reRange(c.decl.filter, range), range);
    return lets.reduceRight((acc, l) => letExpr(l.name, l.value, acc, range), body);
  }
  return null;
}
