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
  if (!hasVariants(text)) return [{ text, settings: [] }];
  let known = expanded.get(text);
  if (!known) {
    const out = new Map<string, string[]>();
    for (const v of wordings(parseGroups(text, { at: 0 }))) {
      const t = v.text.replace(/\s+/g, " ").replace(/ (?=,|'s\b)/g, "").trim();
      if (!out.has(t)) out.set(t, v.settings);
    }
    // (each wording's words counted once, not at every comparison; the sort is stable)
    const counts = new Map([...out.keys()].map((t) => [t, t.split(" ").length]));
    known = [...out].map(([t, settings]) => ({ text: t, settings })).sort((x, y) => counts.get(y.text)! - counts.get(x.text)!);
    expanded.set(text, known);
  }
  return known.map((v) => ({ text: v.text, settings: [...v.settings] }));
}

/** Each text's wordings, worked out once: the lexicon is built more than once a run, and a phrase of
 *  many groups has many wordings. */
const expanded = new Map<string, readonly { text: string; settings: string[] }[]>();

/** Words and groups of words, a group's alternatives each with the settings it ends with. */
type Part = string | { alternatives: { parts: Part[]; settings: string | null }[] };

/** The parts of a phrase up to the end of the alternative `at` is in (a `|` or `]`, or the end). */
function parseGroups(text: string, cursor: { at: number }): Part[] {
  const parts: Part[] = [];
  let words = "";
  while (cursor.at < text.length) {
    const ch = text[cursor.at]!;
    if (ch === "|" || ch === "]") break;
    cursor.at++;
    if (ch !== "[") {
      words += ch;
      continue;
    }
    parts.push(words);
    words = "";
    const alternatives: { parts: Part[]; settings: string | null }[] = [];
    for (;;) {
      const alt = parseGroups(text, cursor);
      const last = alt[alt.length - 1];
      const set = typeof last === "string" ? ALTERNATIVE_SETTINGS.exec(last) : null;
      if (set) alt[alt.length - 1] = (last as string).slice(0, set.index);
      alternatives.push({ parts: alt, settings: set ? set[1]! : null });
      const close = text[cursor.at++];
      if (close !== "|") break;
    }
    if (alternatives.length === 1) alternatives.push({ parts: [], settings: null });
    parts.push({ alternatives });
  }
  parts.push(words);
  return parts;
}

/** Each wording of the parts, with the settings of the alternatives it takes. */
function wordings(parts: readonly Part[]): { text: string; settings: string[] }[] {
  let out: { text: string; settings: string[] }[] = [{ text: "", settings: [] }];
  for (const part of parts) {
    const options =
      typeof part === "string"
        ? [{ text: part, settings: [] as string[] }]
        : part.alternatives.flatMap((a) => wordings(a.parts).map((w) => ({ text: w.text.trim(), settings: a.settings === null ? w.settings : [...w.settings, a.settings] })));
    out = out.flatMap((o) => options.map((x) => ({ text: o.text + x.text, settings: [...o.settings, ...x.settings] })));
  }
  return out;
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
