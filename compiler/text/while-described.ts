// A continuous trait of several cards with a condition on each: "Your Samurai have +1F while attacking",
// "Your Ashigaru Personalities and Followers have +1F while opposed", "Your Personalities have +1C while
// they are at home".  The condition is each card's state, so the trait is the cards in that state: the
// same as "Your attacking Samurai have +1F" (the state read as the noun phrase's adjective, or after it
// as its qualifier), worked out afresh as the game changes like every continuous trait.
import type { LowerContext } from "./context.ts";
import { literalAt, type Word } from "./words.ts";

/** The trait's words with the condition moved into its subject, or null when they do not read so. */
export function stateInSubject(cx: LowerContext, cond: readonly Word[], body: readonly Word[]): Word[] | null {
  // "while they are attacking": the pronoun stands for the subject's cards
  const they = literalAt(cond, 0) === "they" && literalAt(cond, 1) === "are" ? 2 : 0;
  const state = withoutAnd(cond.slice(they));
  if (state.length === 0 || cx.matcher.states(state, 0, state.length).length === 0) return null;
  for (const subject of cx.matcher.cardPhrases(body, 0, body.length)) {
    const v = subject.v;
    if (v.k !== "select" || v.target || !v.noun.plural || v.quant !== "none") continue;
    const verb = literalAt(body, subject.next);
    if (verb !== "have" && verb !== "are" && verb !== "gain") continue;
    // (one trait only: "While at this battlefield, Cavalry cards have +1F and Infantry cards have -1F"
    // is a condition of both, not a state of the first's cards)
    if (body.slice(subject.next).some((w, i, rest) => w.t === "p" || literalAt(rest, i) === "and" || literalAt(rest, i) === "or")) continue;
    for (let at = 0; at <= subject.next; at++) {
      const described = [...body.slice(0, at), ...state, ...body.slice(at, subject.next)];
      const read = cx.matcher.cardPhrases(described, 0, described.length);
      if (read.some((p) => p.next === described.length && p.v.k === "select" && p.v.adjectives.length + p.v.qualifiers.length > v.adjectives.length + v.qualifiers.length)) {
        return [...described, ...body.slice(subject.next)];
      }
    }
  }
  return null;
}

/** "attacking and opposed": adjectives one after another ("attacking opposed Personalities"). */
function withoutAnd(words: readonly Word[]): Word[] {
  return words.filter((w, i) => !(literalAt(words, i) === "and" && i > 0 && i < words.length - 1));
}
