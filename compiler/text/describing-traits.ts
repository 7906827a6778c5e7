// A trait of a describing kind ("Will only attach to a Ninja.") is one sentence: a noun phrase the card it
// describes must fit.  Printed on the line of other traits ("Will only attach to a Ninja. You may Equip
// this Follower as a Battle action."), it is an ability of its own, and so are the sentences after it.
import type * as A from "../../grammar/index.ts";
import type { Lexicon } from "./lexicon.ts";
import { startsWithLiterals, wordsOf } from "./words.ts";
import { selfNames } from "./self-names.ts";

/** The ability as it is, or split after a describing trait that begins it and is followed by more; and
 *  a trait whose lead follows the card's name, printed on one line with another such trait ("Ujirou
 *  enters play for 2 less Gold if ... Ujirou enters play for 4 less Gold if ..."), is split before each;
 *  and a describing trait printed after another trait ("After Banished enters play, lose 2 Honor. Will not
 *  join a Phoenix Clan player."), or a permission its lead says whole ("Play after ... . You may discard
 *  this Ring from your hand to use its ability without cost."), is one of its own. */
export function splitDescribingTrait(ability: A.AbilityText, lex: Lexicon, title = ""): A.AbilityText[] {
  if (ability.header || ability.segments.length !== 1) return [ability];
  const sentences = ability.segments[0]!.sentences;
  if (sentences.length < 2) return [ability];
  const words = wordsOf(sentences[0]!.elements);
  const part = (from: A.Sentence, to: A.Sentence, of: A.Sentence[]): A.AbilityText => {
    const range = { start: from.range.start, end: to.range.end };
    return { kind: "AbilityText", range, header: null, segments: [{ kind: "TextSegment", range, sentences: of }] };
  };
  if (!lex.kindLeads.some((l) => l.describes && !l.icons && startsWithLiterals(words, 0, l.words) > 0)) {
    const names = title ? selfNames(title, lex) : [];
    const led = (s: A.Sentence): boolean => {
      const w = wordsOf(s.elements);
      return names.some((n) => {
        const k = startsWithLiterals(w, 0, n);
        return k > 0 && lex.kindLeads.some((l) => !l.icons && startsWithLiterals(w, k, l.words) > 0);
      });
    };
    if (!led(sentences[0]!)) return splitBeforeDescribing(sentences, lex, names, part) ?? [ability];
    const starts = sentences.map((s, i) => (i === 0 || led(s) ? i : -1)).filter((i) => i >= 0);
    if (starts.length < 2) return [ability];
    return starts.map((from, j) => {
      const of = sentences.slice(from, starts[j + 1] ?? sentences.length);
      return part(of[0]!, of[of.length - 1]!, of);
    });
  }
  const rest = sentences.slice(1);
  return [part(sentences[0]!, sentences[0]!, [sentences[0]!]), part(rest[0]!, rest[rest.length - 1]!, rest)];
}

/** A describing trait, or one its lead says whole (its lead first, or after the card's name), among the
 *  sentences after the first: the sentences before it, it, and those after it are each an ability; null
 *  when there is none. */
function splitBeforeDescribing(sentences: A.Sentence[], lex: Lexicon, names: readonly (readonly string[])[], part: (from: A.Sentence, to: A.Sentence, of: A.Sentence[]) => A.AbilityText): A.AbilityText[] | null {
  const describing = (s: A.Sentence): boolean => {
    const w = wordsOf(s.elements);
    // (or a trait its lead says whole, a permission: "... You may discard this Ring from your hand to use
    // its ability without cost.")
    const leads = lex.kindLeads.filter((l) => !l.icons && (l.describes || (l.params.length === l.settled.length && !l.measures)));
    if (leads.some((l) => startsWithLiterals(w, 0, l.words) > 0)) return true;
    return names.some((n) => {
      const k = startsWithLiterals(w, 0, n);
      return k > 0 && leads.some((l) => startsWithLiterals(w, k, l.words) > 0);
    });
  };
  const at = sentences.findIndex((s, i) => i > 0 && describing(s));
  if (at < 0) return null;
  const groups = [sentences.slice(0, at), [sentences[at]!], sentences.slice(at + 1)].filter((g) => g.length > 0);
  return groups.map((g) => part(g[0]!, g[g.length - 1]!, g));
}
