// Words a declared phrase may or may not say, and words it says one of: "in the [current] enemy army"
// reads "in the enemy army" and "in the current enemy army"; "before [this|the] turn ends" reads either
// word.  Card text says the same thing with and without such words ("{c} won [it]", "{c} would be
// opposed [there]"), so one phrase reads the family: a card using any of its wordings uses that phrase
// (its id is the phrase as written, brackets and all), and a card the file does not hold that says it
// the other way is read by the same declaration.  A group is `[a|b]` (exactly one of the words), or
// `[a]` / `[a|b|]` (those words or none); an alternative may be several words.

import { phraseWords } from "./words.ts";

/** The plain phrases a phrase with bracketed groups stands for, longest first; itself when it has none.
 *  (Groups may nest, "[it|[the|this] Ranged Attack]": the innermost is read first.) */
export function phraseVariants(text: string): string[] {
  return [...variantsOf(text)];
}

/** Each text's variants, worked out once: the lexicon is built more than once a run, and expanding the
 *  innermost group first reaches the same partly expanded text many times (an outer group's empty
 *  alternative drops whatever its inner groups chose), which without this grows with 2^groups. */
const expanded = new Map<string, readonly string[]>();

function variantsOf(text: string): readonly string[] {
  const known = expanded.get(text);
  if (known) return known;
  const group = /\[([^\][]*)\]/.exec(text);
  if (!group) return [text];
  const alternatives = group[1]!.split("|").map((a) => a.trim());
  if (alternatives.length === 1) alternatives.push("");
  const out = new Set<string>();
  for (const a of alternatives) {
    const joined = `${text.slice(0, group.index)}${a}${text.slice(group.index + group[0].length)}`;
    for (const v of variantsOf(joined.replace(/\s+/g, " ").replace(/ (?=,|'s\b)/g, "").trim())) out.add(v);
  }
  // (each variant's word count counted once, not at every comparison; the sort is stable, as before)
  const words = new Map([...out].map((v) => [v, v.split(" ").length]));
  const sorted = [...out].sort((x, y) => words.get(y)! - words.get(x)!);
  expanded.set(text, sorted);
  return sorted;
}

/** Does a phrase have bracketed groups? */
export function hasVariants(text: string): boolean {
  return /\[[^\][]*\]/.test(text);
}

/** The phrase as its first alternatives say it, for a reader (a log line): "{c} [assigns|is assigned]
 *  [to a battlefield]" is "{c} assigns to a battlefield". */
export function firstVariant(text: string): string {
  let out = text;
  for (let group = /\[([^\][]*)\]/.exec(out); group; group = /\[([^\][]*)\]/.exec(out)) {
    out = `${out.slice(0, group.index)}${group[1]!.split("|")[0]!.trim()}${out.slice(group.index + group[0].length)}`;
  }
  return out.replace(/\s+/g, " ").replace(/ (?=,|'s\b)/g, "").trim();
}

/** The words of each wording a phrase read word by word (a later, a duration, a reference) stands for,
 *  with the phrase itself as the id coverage counts when it has bracketed words. */
export function declaredWordings(text: string): { words: string[]; phrase?: string }[] {
  if (!hasVariants(text)) return [{ words: phraseWords(text) }];
  const phrase = phraseWords(text).join(" ");
  return phraseVariants(text).map((v) => ({ words: phraseWords(v), phrase }));
}

/** The id coverage counts for a phrase read word by word. */
export function wordingId(e: { readonly words: readonly string[]; readonly phrase?: string }): string {
  return e.phrase ?? e.words.join(" ");
}
