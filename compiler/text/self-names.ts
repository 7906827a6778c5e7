// The names a card's text calls the card itself by: its title ("Kakita Hideo, the Fallen Keeper" less
// what follows a comma or a "•"), and each capitalised word of it that is not a word the rules give a
// meaning (so "Hideo" and "Kakita" are the card, but "Unicorn" in "Sword of the Unicorn" is not):
// "After Hideo wins a duel", "Kobashi has +2F".
import type { Lexicon } from "./lexicon.ts";
import { phraseWords } from "./words.ts";

export function selfNames(title: string, lex: Lexicon): string[][] {
  const base = title.split(/\s*[\u2022,]\s*/)[0]!.trim();
  if (base === "") return [];
  const names: string[][] = [phraseWords(base)];
  for (const word of base.split(/\s+/)) {
    if (!/^[A-Z\u00c0-\u00de]/.test(word) || word.length < 3) continue;
    const lower = word.toLowerCase();
    if (lex.meaningfulWords.has(lower)) continue;
    if (!names.some((n) => n.length === 1 && n[0] === lower)) names.push([lower]);
  }
  return names.sort((a, b) => b.length - a.length);
}
