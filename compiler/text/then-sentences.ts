// "Then, discard a card", "Then discard a card", "Each player then draws as many cards as he discarded":
// "then" says of a sentence what every next sentence does anyway (it happens after the one before),
// before the effect or after its subject; one construct wherever the word stands.  ("Draw a card, then
// discard a card", effects in turn inside a sentence, is a clause's: clauses.ts.)
import { phraseId } from "./lexicon.ts";
import { literalAt, type Word } from "./words.ts";
import type { LowerContext } from "./context.ts";

const THEN = "[Then[,] <effect>|<player> then <effect>]";

/** The sentence without its "then", or null when it has none where this reads one. */
export function withoutThen(cx: LowerContext, words: readonly Word[]): Word[] | null {
  if (literalAt(words, 0) === "then") {
    const from = literalAt(words, 1) === "," ? 2 : 1;
    if (from >= words.length || literalAt(words, from) === ",") return null;
    cx.use(phraseId("construct", THEN));
    return words.slice(from);
  }
  const subject = cx.matcher.players(words, 0, words.length).find((p) => literalAt(words, p.next) === "then" && p.next + 1 < words.length && literalAt(words, p.next + 1) !== ",");
  if (!subject) return null;
  cx.use(phraseId("construct", THEN));
  return [...words.slice(0, subject.next), ...words.slice(subject.next + 1)];
}
