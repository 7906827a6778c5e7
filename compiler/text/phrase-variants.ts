// Words a declared phrase may or may not say, and words it says one of: "in the [current] enemy army"
// reads "in the enemy army" and "in the current enemy army"; "before [this|the] turn ends" reads either
// word.  Card text says the same thing with and without such words ("{c} won [it]", "{c} would be
// opposed [there]"), so one phrase reads the family: a card using any of its wordings uses that phrase
// (its id is the phrase as written, brackets and all), and a card the file does not hold that says it
// the other way is read by the same declaration.  A group is `[a|b]` (exactly one of the words), or
// `[a]` / `[a|b|]` (those words or none); an alternative may be several words.

import { ALTERNATIVE_SETTINGS } from "../../grammar/index.ts";
import { phraseWords } from "./words.ts";

/** The plain phrases a phrase with bracketed groups stands for, longest first; itself when it has none.
 *  (Groups may nest, "[it|[the|this] Ranged Attack]": the innermost is read first.) */
export function phraseVariants(text: string): string[] {
  return settingVariants(text).map((v) => v.text);
}

/** Each wording with the settings its alternatives name: `[who may refuse (refusable = true)]` (an
 *  alternative's settings end it, between parentheses: grammar/phrase-settings.ts parses them), as the
 *  source between the parentheses, by which the phrase's AST holds what they set. */
export function settingVariants(text: string): { text: string; settings: string[] }[] {
  const out = new Map<string, string[]>();
  const expand = (t: string, settings: string[]): void => {
    const group = /\[([^\][]*)\]/.exec(t);
    if (!group) {
      if (!out.has(t)) out.set(t, settings);
      return;
    }
    const alternatives = group[1]!.split("|");
    if (alternatives.length === 1) alternatives.push("");
    for (const alternative of alternatives) {
      const set = ALTERNATIVE_SETTINGS.exec(alternative);
      const a = (set ? alternative.slice(0, set.index) : alternative).trim();
      const joined = `${t.slice(0, group.index)}${a}${t.slice(group.index + group[0].length)}`;
      expand(joined.replace(/\s+/g, " ").replace(/ (?=,|'s\b)/g, "").trim(), set ? [...settings, set[1]!] : settings);
    }
  };
  expand(text, []);
  return [...out].map(([t, settings]) => ({ text: t, settings })).sort((x, y) => y.text.split(" ").length - x.text.split(" ").length);
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
    out = `${out.slice(0, group.index)}${group[1]!.split("|")[0]!.replace(ALTERNATIVE_SETTINGS, "").trim()}${out.slice(group.index + group[0].length)}`;
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
