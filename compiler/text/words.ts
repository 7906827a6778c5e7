// Card text as a flat list of words for phrase matching.  Reminder text in parentheses is set aside
// (it never has rules meaning); a quoted ability granted by the text is kept as one unit.
import type * as A from "../../grammar/index.ts";

export type Word =
  | { readonly t: "w"; readonly text: string; readonly lower: string; readonly range: A.Range }
  | { readonly t: "n"; readonly text: string; readonly range: A.Range }
  | { readonly t: "icon"; readonly name: string; readonly range: A.Range }
  | { readonly t: "p"; readonly text: string; readonly range: A.Range }
  | { readonly t: "quote"; readonly ability: A.AbilityText; readonly range: A.Range };

const POSSESSIVE = /^(.*)['\u2019]s$/;

export function wordsOf(elements: readonly A.TextElement[]): Word[] {
  const out: Word[] = [];
  for (const e of elements) {
    switch (e.kind) {
      case "TextWord": {
        // A possessive is the word and "'s" ("this Shugenja's Chi", "Tamisu's Force"), as templates read it.
        const m = POSSESSIVE.exec(e.text);
        if (m && m[1]!.length > 0) {
          const cut = e.range.start + m[1]!.length;
          out.push({ t: "w", text: m[1]!, lower: m[1]!.toLowerCase(), range: { start: e.range.start, end: cut } });
          out.push({ t: "w", text: "'s", lower: "'s", range: { start: cut, end: e.range.end } });
        } else out.push({ t: "w", text: e.text, lower: e.text.toLowerCase(), range: e.range });
        break;
      }
      case "TextNumber":
        out.push({ t: "n", text: e.text, range: e.range });
        break;
      case "TextIcon":
        out.push({ t: "icon", name: e.name, range: e.range });
        break;
      case "TextPunct":
        out.push({ t: "p", text: e.text, range: e.range });
        break;
      case "TextQuoted":
        out.push({ t: "quote", ability: e.ability, range: e.range });
        break;
      case "TextParen":
      case "TextColor":
        break;
    }
  }
  return out;
}

/** Splits words at top-level commas. */
export function splitAtCommas(words: readonly Word[]): Word[][] {
  const parts: Word[][] = [[]];
  for (const w of words) {
    if (w.t === "p" && w.text === ",") parts.push([]);
    else parts[parts.length - 1]!.push(w);
  }
  return parts;
}

export function rangeOfWords(words: readonly Word[], fallback: A.Range): A.Range {
  if (words.length === 0) return fallback;
  return { start: words[0]!.range.start, end: words[words.length - 1]!.range.end };
}

/** The words as text, a space between each two but none before a comma (joined in a loop, and the
 *  commas' spaces taken out only when there are some: every prompt and every unsupported phrase's
 *  message is made with it). */
export function textOfWords(words: readonly Word[]): string {
  let out = "";
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (i > 0 && !(w.t === "w" && w.text === "'s")) out += " ";
    out += w.t === "w" || w.t === "n" || w.t === "p" ? w.text : w.t === "icon" ? `:${w.name}:` : '"…"';
  }
  return out.includes(" ,") ? out.replace(/ ,/g, ",") : out;
}

/** The word at `i` as a template's literal reads it: a word in lower case, or a punctuation mark. */
export function literalAt(words: readonly Word[], i: number): string | null {
  const w = words[i];
  return w && w.t === "w" ? w.lower : w && w.t === "p" ? w.text : null;
}

/** Does `words` start with the lowercase phrase `phrase` (split on spaces)? Returns its length or -1. */
export function startsWith(words: readonly Word[], at: number, phrase: readonly string[]): number {
  for (let i = 0; i < phrase.length; i++) {
    const w = words[at + i];
    if (!w || w.t !== "w" || w.lower !== phrase[i]) return -1;
  }
  return phrase.length;
}

/** Like `startsWith`, with punctuation marks in the phrase too (a lead such as "After ..., if ..."). */
export function startsWithLiterals(words: readonly Word[], at: number, phrase: readonly string[]): number {
  for (let i = 0; i < phrase.length; i++) if (literalAt(words, at + i) !== phrase[i]) return -1;
  return phrase.length;
}

/**
 * The text with every run of whitespace made one space, trimmed.  Only runs that are not already a
 * single space are replaced: most of card text's whitespace is single spaces between words, and
 * replacing each of them with itself cost one regular-expression match per word.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s\s+|[^\S ]/g, " ").trim();
}

export function phraseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .replace(/,/g, " , ")
    .replace(/(\S)'s(?=\s|$)/g, "$1 's")
    .split(/\s+/)
    .filter(Boolean);
}

/** Words for a phrase written in the rules (an icon's meaning), every one at `range`. */
export function wordsFromText(text: string, range: A.Range): Word[] {
  return text
    .replace(/,/g, " , ")
    .split(/\s+/)
    .filter(Boolean)
    .map((t): Word => (/^[+-]?\d+[A-Za-z]*$/.test(t) ? { t: "n", text: t, range } : t === "," ? { t: "p", text: t, range } : { t: "w", text: t, lower: t.toLowerCase(), range }));
}

const NUMBER_WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

export function numberOf(w: Word | undefined): number | null {
  if (!w) return null;
  if (w.t === "n" && /^[+-]?\d+$/.test(w.text)) return Number(w.text);
  if (w.t === "w" && w.lower in NUMBER_WORDS) return NUMBER_WORDS[w.lower]!;
  return null;
}

/** What tells one run of words from another, whichever array holds it: where each word is in the text,
 *  and what it is (the matcher's charts and the clause reader's readings are kept by it). */
export function wordsKey(words: readonly Word[]): string {
  let key = "";
  for (const w of words) key += `${w.range.start}:${w.t === "w" || w.t === "n" || w.t === "p" ? w.text : w.t},`;
  return key;
}
