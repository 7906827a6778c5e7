// Cards named by title in a condition: "Gain 1 Honor if you control Kakita Ichigiku", "plus 1 if Shiba
// Iaimiko is in play".  A run of capitalised words that no noun, adjective or reference reads is a card's
// name (a title's "• Experienced" is not part of its name, so any version of the card is meant).
import type * as A from "../../grammar/index.ts";
import { literalAt as word, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";

/** words[at, end) as a card's name, or null. */
export function titleAt(cx: LowerContext, words: readonly Word[], at: number, end: number): string | null {
  if (end - at < 2) return null;
  const parts: string[] = [];
  for (let i = at; i < end; i++) {
    const w = words[i]!;
    if (w.t !== "w" || !/^[A-Z]/.test(w.text)) return null;
    parts.push(w.text);
  }
  // (a single word could be a trait; two or more capitalised words no phrase reads are a name, and a
  // name the program's cards bear reads as a noun of its own: lexicon.ts, addTitleNouns)
  if (cx.matcher.cardPhrases(words, at, end).some((c) => c.next === end && !(c.v.k === "select" && c.v.noun.kind === "title"))) return null;
  return parts.join(" ");
}

/** The cards in play named `title` that `filter` accepts, counted > 0. */
function named(title: string, b: AstBuilder, also: (c: A.Expr) => A.Expr | null): A.Expr {
  const c = b.ref("titled");
  const extra = also(c);
  const fits = b.bin("==", b.member(c, "name"), b.str(title));
  return b.bin(">", b.call("count", [{ value: b.comprehension("titled", b.call("cardsInPlay", []), extra ? b.and([fits, extra]) : fits) }]), b.num(0));
}

/** "Shiba Iaimiko is in play", "Kakita Ichigiku is not in play". */
export function titleInPlay(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder): A.Expr | null {
  for (let i = 2; i < end; i++) {
    if (word(words, i) !== "is") continue;
    const negate = word(words, i + 1) === "not";
    const at = negate ? i + 2 : i + 1;
    if (word(words, at) !== "in" || word(words, at + 1) !== "play" || at + 2 !== end) return null;
    const title = titleAt(cx, words, 0, i);
    if (!title) return null;
    const e = named(title, b, () => null);
    return negate ? b.not(e) : e;
  }
  return null;
}

/** "you control Kakita Ichigiku": a card of that name in play that the player controls. */
export function controlsTitled(cx: LowerContext, words: readonly Word[], at: number, end: number, player: A.Expr, b: AstBuilder): A.Expr | null {
  const title = titleAt(cx, words, at, end);
  return title ? named(title, b, (c) => b.bin("==", b.member(c, "controller"), player)) : null;
}
