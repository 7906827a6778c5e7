// "After another player targets this Personality with an action", "When another player would target a
// Magistrate at Wakui's battlefield with an action": a player doing to a card, "with" an action, what
// the action does is that player's action doing it ("another player's action targets this
// Personality": Twenty Festivals, Action sequence: the player who takes an action is the one whose
// action it is).  The event's words are read again in that order, so every event an action does to a
// card ("targets", "would target", "bows", "destroys") reads either way without a phrase of its own.
import { literalAt, type Word } from "./words.ts";
import type { LowerContext } from "./context.ts";
import { usePhrases } from "./actions.ts";

const ARTICLES: ReadonlySet<string> = new Set(["a", "an"]);

/** The words with "<player> <verb ...> with <action> [rest]" read as "<player>'s <action> <verb ...>
 *  [rest]", each reading in turn (the subject and the action may end at several words). */
export function actionsOfPlayer(cx: LowerContext, words: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  for (const subject of cx.matcher.players(words, 0, words.length)) {
    const s = subject.next;
    for (let w = s + 1; w < words.length - 1; w++) {
      if (literalAt(words, w) !== "with") continue;
      for (const u of usePhrases(cx.lex, cx.matcher, words, w + 1, words.length)) {
        // (a described action, "an action", "a Battle action": not "it" or "the action")
        if (u.v.ty !== "use" || !u.v.action) continue;
        // (its article gives way to the possessive: "with a Battle action", "another player's Battle action")
        const from = ARTICLES.has(literalAt(words, w + 1) ?? "") ? w + 2 : w + 1;
        out.push([...possessive(words.slice(0, s)), ...words.slice(from, u.next), ...words.slice(s, w), ...words.slice(u.next)]);
      }
    }
  }
  return out;
}

/** "another player" as "another player's", "you" as "your". */
function possessive(subject: readonly Word[]): Word[] {
  const last = subject[subject.length - 1]!;
  if (subject.length === 1 && literalAt(subject, 0) === "you") return [{ t: "w", text: "your", lower: "your", range: last.range }];
  return [...subject, { t: "w", text: "'s", lower: "'s", range: { start: last.range.end, end: last.range.end } }];
}
