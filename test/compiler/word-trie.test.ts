// Nouns looked up by the words of card text (compiler/text/word-trie.ts): every entry whose words are
// there, ending by the bound, in the order of the list the trie was made from, as a scan of each entry
// with `startsWith` finds them.
import { describe, expect, it } from "vitest";
import { WordTrie } from "../../compiler/text/word-trie.ts";
import { startsWith, wordsFromText } from "../../compiler/text/words.ts";

const RANGE = { start: 0, end: 0 };
// (as the lexicon keeps nouns: in lower case)
const ENTRIES = ["card named kobashi", "card", "card named kobashi the elder", "personality", "card named akodo toturi", "named"].map((t) => t.split(" "));

function scan(words: ReturnType<typeof wordsFromText>, at: number, end: number): { entry: readonly string[]; next: number }[] {
  return ENTRIES.flatMap((entry) => {
    const n = startsWith(words, at, entry);
    return n > 0 && at + n <= end ? [{ entry, next: at + n }] : [];
  });
}

describe("word trie", () => {
  const trie = new WordTrie(ENTRIES, (e) => e);

  it("finds every entry that begins at a word, in the list's order, with where each ends", () => {
    const words = wordsFromText("destroy a card named Kobashi the Elder", RANGE);
    const found = trie.startingAt(words, 2, words.length);
    expect(found.map((f) => [f.entry.join(" "), f.next])).toEqual([
      ["card named kobashi", 5],
      ["card", 3],
      ["card named kobashi the elder", 7],
    ]);
    expect(found).toEqual(scan(words, 2, words.length));
  });

  it("finds none that would end past the bound", () => {
    const words = wordsFromText("a card named Kobashi the Elder", RANGE);
    expect(trie.startingAt(words, 1, 4).map((f) => f.entry.join(" "))).toEqual(["card named kobashi", "card"]);
    expect(trie.startingAt(words, 1, 4)).toEqual(scan(words, 1, 4));
  });

  it("reads words by their lower case, and stops at a word that is not one (a comma, a number)", () => {
    const words = wordsFromText("Card , named 2 Personality", RANGE);
    expect(trie.startingAt(words, 0, words.length).map((f) => f.entry.join(" "))).toEqual(["card"]);
    expect(trie.startingAt(words, 1, words.length)).toEqual([]);
    expect(trie.startingAt(words, 4, words.length).map((f) => f.entry.join(" "))).toEqual(["personality"]);
    for (let at = 0; at < words.length; at++) expect(trie.startingAt(words, at, words.length)).toEqual(scan(words, at, words.length));
  });
});
