// What a place holds: "your current army has more units than the current enemy army", "the current
// enemy army has any units", "your army has fewer Personalities than the opposing army".  A place is
// what card text says cards are "in" (a qualifier rules/ declares: "in your army", "in the current enemy
// army"), so "<place> has <count> <cards>" is "there are <count> <cards> in <place>", and "<place> has
// more <cards> than <place>" compares how many there are in each.
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt as word, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext, Select } from "./context.ts";
import { candidatesOf } from "./nouns.ts";
import { howMany } from "./condition-counts.ts";

/** words[0, end) as "<place> has <count> <cards>" or "<place> has more <cards> than <place>", or null. */
export function placeHolds(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (let i = 1; i < end - 1; i++) {
    const verb = word(words, i);
    if (verb !== "has" && verb !== "have" && verb !== "contains" && verb !== "contain") continue;
    const place = words.slice(0, i);
    const dir = word(words, i + 1);
    const op: A.BinaryOp | null = dir === "more" ? ">" : dir === "fewer" || dir === "less" ? "<" : null;
    if (op) {
      for (let than = i + 3; than < end - 1; than++) {
        if (word(words, than) !== "than") continue;
        const l = countIn(cx, words.slice(i + 2, than), place, b, quiet);
        const r = l && countIn(cx, words.slice(i + 2, than), words.slice(than + 1, end), b, quiet);
        if (!l || !r) continue;
        if (!quiet) cx.use(phraseId("predicate", "<place> has more <cards> than <place>"));
        return b.bin(op, l, r);
      }
      continue;
    }
    const count = howMany(cx, words, i + 1, end, b, quiet);
    const n = count && countIn(cx, words.slice(count.next, end), place, b, quiet);
    if (!count || !n) continue;
    if (!quiet) cx.use(phraseId("predicate", "<place> has <count> <cards>"));
    return b.bin(count.op, n, count.n);
  }
  return null;
}

/** How many of the cards `noun` names are "in" `place`, or null when no qualifier reads the place. */
function countIn(cx: LowerContext, noun: readonly Word[], place: readonly Word[], b: AstBuilder, quiet: boolean): A.Expr | null {
  if (noun.length === 0 || place.length === 0) return null;
  const inWord: Word = { t: "w", text: "in", lower: "in", range: place[0]!.range };
  const phrase = [...noun, inWord, ...place];
  for (const c of cx.matcher.cardPhrases(phrase, 0, phrase.length)) {
    if (c.next !== phrase.length || c.v.k !== "select" || c.v.target || c.v.qualifiers.length === 0) continue;
    return quiet ? b.num(0) : b.call("count", [{ value: candidatesOf(cx, c.v as Select) }]);
  }
  return null;
}
