// Players' values compared: "another player has higher Family Honor than you", "no other player has
// more Family Honor than you", "you have lower Family Honor than each other player".  One side is
// you, the other you or the other players taken as "another" (some), "no other" (none) or "each other"
// (all): the player values are those rules/ declares (`value honor "Family Honor"`).
import type * as A from "../../grammar/index.ts";
import { literalAt as word, startsWith, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";

type Side = { k: "you" } | { k: "others"; quant: "some" | "none" | "all" };

const OTHERS: readonly [readonly string[], "some" | "none" | "all"][] = [
  [["another", "player"], "some"],
  [["any", "other", "player"], "some"],
  [["an", "opponent"], "some"],
  [["any", "opponent"], "some"],
  [["no", "other", "player"], "none"],
  [["no", "opponent"], "none"],
  [["each", "other", "player"], "all"],
  [["every", "other", "player"], "all"],
  [["all", "other", "players"], "all"],
  [["each", "opponent"], "all"],
  [["all", "opponents"], "all"],
];

function side(words: readonly Word[], at: number): { s: Side; next: number } | null {
  if (word(words, at) === "you") return { s: { k: "you" }, next: at + 1 };
  for (const [phrase, quant] of OTHERS) {
    const n = startsWith(words, at, phrase);
    if (n > 0) return { s: { k: "others", quant }, next: at + n };
  }
  return null;
}

/** words[0, end) as a comparison of players' values, or null. */
export function playerValueCompared(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder): A.Expr | null {
  const subject = side(words, 0);
  if (!subject) return null;
  let at = subject.next;
  const verb = word(words, at);
  if (verb !== "has" && verb !== "have") return null;
  at++;
  if (word(words, at) === "a") at++;
  const dir = word(words, at);
  const op: A.BinaryOp | null = dir === "higher" || dir === "more" || dir === "greater" ? ">" : dir === "lower" || dir === "less" || dir === "fewer" ? "<" : null;
  if (!op) return null;
  at++;
  const value = cx.lex.values.find((v) => startsWith(words, at, v.words) > 0);
  if (!value) return null;
  at += value.words.length;
  if (word(words, at) !== "than") return null;
  const object = side(words, at + 1);
  if (!object) return null;
  // ("than you do")
  const last = word(words, object.next) === "do" || word(words, object.next) === "does" ? object.next + 1 : object.next;
  if (last !== end) return null;
  const one = subject.s.k === "others" ? subject.s : object.s.k === "others" ? object.s : null;
  if (subject.s.k === "others" && object.s.k === "others") return null;
  const valueOf = (p: A.Expr): A.Expr => b.member(p, value.value);
  const compare = (left: A.Expr, right: A.Expr): A.Expr => b.bin(op, valueOf(left), valueOf(right));
  if (!one) return compare(b.ref("you"), b.ref("you"));
  const q = b.ref("other");
  const holds = subject.s.k === "others" ? compare(q, b.ref("you")) : compare(b.ref("you"), q);
  const others = (test: A.Expr): A.Expr => b.call("count", [{ value: b.comprehension("other", b.ref("players"), b.and([b.bin("!=", q, b.ref("you")), test])) }]);
  if (one.quant === "some") return b.bin(">", others(holds), b.num(0));
  if (one.quant === "none") return b.bin("==", others(holds), b.num(0));
  return b.bin("==", others(b.not(holds)), b.num(0));
}
