// Comparatives card text uses interchangeably: "lower" and "less" say the same of a number, and so do
// "higher", "greater" and "more" ("with 1 Force or greater", "with Force less than his Chi",
// "with greater Chi").  A declared phrase written with one reads the others, so the rules declare each
// comparison once, in any of its words.  ("Fewer" counts things, "with fewer Weapons", and is its own.)
const SAME = new Map<string, string>([
  ["less", "lower"],
  ["greater", "higher"],
  ["more", "higher"],
]);

/** Does a word of card text read as a template's literal word? */
export function readsAs(word: string | null, lit: string): boolean {
  return word === lit || (word !== null && (SAME.get(word) ?? word) === (SAME.get(lit) ?? lit));
}
