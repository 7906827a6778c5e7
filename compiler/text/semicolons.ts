// "You may discard a Follower; if you did, draw a card", "He may refuse; if he does, dishonor him",
// "draw a card; if it destroyed a Follower, ...", "...; otherwise, turn it face-up": a semicolon
// before "if" or "otherwise" parts two sentences, as a period would (the second goes on the first,
// as "If you do" and "Otherwise" do after a sentence of their own).  So does one before a clause whose
// subject is each player: "Discard zero to two cards; each other player in turn order may discard a card".
import { literalAt, type Word } from "./words.ts";

/** The sentences `words` makes once a semicolon before a conditional clause ends a sentence. */
export function sentencesAtSemicolons(words: Word[]): Word[][] {
  const out: Word[][] = [];
  let from = 0;
  for (let i = 1; i < words.length - 1; i++) {
    const w = words[i]!;
    if (w.t !== "p" || w.text !== ";") continue;
    const next = literalAt(words, i + 1);
    if (next !== "if" && next !== "otherwise" && !eachPlayerAt(words, i + 1)) continue;
    out.push(words.slice(from, i));
    from = i + 1;
  }
  if (from === 0) return [words];
  out.push(words.slice(from));
  return out.filter((s) => s.length > 0);
}

/** "each player", "each other player", "every player" at `i`. */
function eachPlayerAt(words: Word[], i: number): boolean {
  const w = literalAt(words, i);
  if (w !== "each" && w !== "every") return false;
  const other = literalAt(words, i + 1) === "other" ? 1 : 0;
  return literalAt(words, i + 1 + other) === "player";
}
