// Quoted abilities in a sentence ("give him the ability, "Battle: Bow a target enemy card." Otherwise,
// ..."): typography, not meaning.  The comma that introduces a quotation says nothing, and a quotation
// whose own last sentence ends with a period ends the sentence around it too when a new sentence
// follows (a capitalised word), as printed English puts the period inside the quotation marks.
import type { Word } from "./words.ts";

/** The sentences `words` makes once its quotations are read as typography. */
export function sentencesAroundQuotes(words: readonly Word[], source: string): Word[][] {
  if (!words.some((w) => w.t === "quote")) return [words as Word[]];
  const out: Word[][] = [];
  let current: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (w.t === "p" && w.text === "," && next?.t === "quote") continue;
    current.push(w);
    if (w.t === "quote" && next?.t === "w" && /^[A-Z]/.test(next.text) && endsWithPeriod(source, w)) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

function endsWithPeriod(source: string, quote: Extract<Word, { t: "quote" }>): boolean {
  return /[.!]\s*["\u201d]?$/.test(source.slice(quote.range.start, quote.range.end));
}
