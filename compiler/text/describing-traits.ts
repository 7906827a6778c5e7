// A trait of a describing kind ("Will only attach to a Ninja.") is one sentence: a noun phrase the card it
// describes must fit.  Printed on the line of other traits ("Will only attach to a Ninja. You may Equip
// this Follower as a Battle action."), it is an ability of its own, and so are the sentences after it.
import type * as A from "../../grammar/index.ts";
import type { Lexicon } from "./lexicon.ts";
import { startsWithLiterals, wordsOf } from "./words.ts";

/** The ability as it is, or split after a describing trait that begins it and is followed by more. */
export function splitDescribingTrait(ability: A.AbilityText, lex: Lexicon): A.AbilityText[] {
  if (ability.header || ability.segments.length !== 1) return [ability];
  const sentences = ability.segments[0]!.sentences;
  if (sentences.length < 2) return [ability];
  const words = wordsOf(sentences[0]!.elements);
  if (!lex.kindLeads.some((l) => l.describes && !l.icons && startsWithLiterals(words, 0, l.words) > 0)) return [ability];
  const part = (from: A.Sentence, to: A.Sentence, of: A.Sentence[]): A.AbilityText => {
    const range = { start: from.range.start, end: to.range.end };
    return { kind: "AbilityText", range, header: null, segments: [{ kind: "TextSegment", range, sentences: of }] };
  };
  const rest = sentences.slice(1);
  return [part(sentences[0]!, sentences[0]!, [sentences[0]!]), part(rest[0]!, rest[rest.length - 1]!, rest)];
}
