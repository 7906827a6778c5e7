// Entries of several words (nouns: "Personality", "card named Kobashi") looked up by the words of card
// text.  Thousands of nouns share a first word ("card named ..." for every card's title), so trying each
// noun that begins with the word there, as a list by first word does, is the matcher's commonest waste:
// a trie walks the words once and meets only the nouns that are there.
import type { Word } from "./words.ts";

interface TrieNode<T> {
  readonly next: Map<string, TrieNode<T>>;
  /** The entries whose words end here, with their place in the list the trie was made from. */
  readonly ends: { readonly entry: T; readonly order: number }[];
}

export class WordTrie<T> {
  private readonly root: TrieNode<T> = { next: new Map(), ends: [] };

  constructor(entries: readonly T[], wordsOf: (entry: T) => readonly string[]) {
    entries.forEach((entry, order) => {
      const words = wordsOf(entry);
      if (words.length === 0) return;
      let node = this.root;
      for (const w of words) {
        let child = node.next.get(w);
        if (!child) node.next.set(w, (child = { next: new Map(), ends: [] }));
        node = child;
      }
      node.ends.push({ entry, order });
    });
  }

  /** Each entry whose words are the words from `at` (each a word, as `startsWith` reads them) and end by
   *  `end`, with where it ends, in the order of the list the trie was made from. */
  startingAt(words: readonly Word[], at: number, end: number): { entry: T; next: number }[] {
    const found: { entry: T; next: number; order: number }[] = [];
    let node = this.root;
    for (let i = at; i < end; i++) {
      const w = words[i];
      const child = w && w.t === "w" ? node.next.get(w.lower) : undefined;
      if (!child) break;
      node = child;
      for (const e of node.ends) found.push({ entry: e.entry, next: i + 1, order: e.order });
    }
    if (found.length > 1) found.sort((a, b) => a.order - b.order);
    return found.map(({ entry, next }) => ({ entry, next }));
  }
}
