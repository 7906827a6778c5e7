// "Target your performing unbowed Samurai to bow a target an enemy card", "Return a target a Tattoo
// Strategy in your discard pile": a misprinted article after "a target" (English never puts two
// indefinite articles before one noun), read as the card text means it: "a target enemy card".
import type { Word } from "./words.ts";

const INDEFINITE = new Set(["a", "an"]);

/** The words without an indefinite article right after "a target" / "an target". */
export function withoutStrayArticles(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const before = words[i - 1];
    const first = words[i - 2];
    const stray = w.t === "w" && INDEFINITE.has(w.lower) && before?.t === "w" && before.lower === "target" && first?.t === "w" && INDEFINITE.has(first.lower);
    if (!stray) out.push(w);
  }
  return out;
}
