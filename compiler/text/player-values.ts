// Players' values compared: "another player has higher Family Honor than you", "no other player has
// more Family Honor than you", "you have lower Family Honor than each other player", "his controller
// has more Honor than you"; or with a number: "another player has 40 or more Honor", "you have -20 or
// lower Honor", "no other player has exactly 10 Family Honor".  Each side is you, one player named as card text names players ("his
// controller", "the target's owner"), or the other players taken as "another" (some), "no other"
// (none) or "each other" (all), at most one side so; the player values are those rules/ declares
// (`value honor "Family Honor" "Honor"`).
import type * as A from "../../grammar/index.ts";
import { literalAt as word, startsWith, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { slotExpr } from "./conditions.ts";
import type { PlayerPhrase, SlotValue } from "./match.ts";

type Side = { k: "you" } | { k: "others"; quant: "some" | "none" | "all" } | { k: "one"; player: PlayerPhrase };

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

function sides(cx: LowerContext, words: readonly Word[], at: number, end: number): { s: Side; next: number }[] {
  if (word(words, at) === "you") return [{ s: { k: "you" }, next: at + 1 }];
  for (const [phrase, quant] of OTHERS) {
    const n = startsWith(words, at, phrase);
    if (n > 0) return [{ s: { k: "others", quant }, next: at + n }];
  }
  const out: { s: Side; next: number }[] = [];
  // (a player named through a card already named, "his controller", "the target's owner": read only
  // once the whole comparison is, since reading a phrase reports what it cannot name)
  for (const p of cx.matcher.players(words, at, end)) {
    if ((p.v.k === "card" || p.v.k === "owner") && p.v.card.k !== "select") out.push({ s: { k: "one", player: p.v }, next: p.next });
  }
  return out;
}

/** words[0, end) as a comparison of players' values, or null. */
export function playerValueCompared(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder): A.Expr | null {
  for (const subject of sides(cx, words, 0, end)) {
    const found = compared(cx, words, subject, end, b);
    if (found) return found;
  }
  return null;
}

function compared(cx: LowerContext, words: readonly Word[], subject: { s: Side; next: number }, end: number, b: AstBuilder): A.Expr | null {
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
  for (const object of sides(cx, words, at + 1, end)) {
    // ("than you do")
    const last = word(words, object.next) === "do" || word(words, object.next) === "does" ? object.next + 1 : object.next;
    if (last !== end) continue;
    if (subject.s.k === "others" && object.s.k === "others") return null;
    const named = (s: Side): A.Expr | null => (s.k === "one" ? slotExpr(cx, { ty: "player", v: s.player }) : b.ref("you"));
    const left = named(subject.s);
    const right = named(object.s);
    if (!left || !right) return null;
    const valueOf = (p: A.Expr): A.Expr => b.member(p, value.value);
    const compare = (l: A.Expr, r: A.Expr): A.Expr => b.bin(op, valueOf(l), valueOf(r));
    const playerOf = (s: Side): A.Expr => (s === subject.s ? left : right);
    const one = subject.s.k === "others" ? subject.s : object.s.k === "others" ? object.s : null;
    if (!one) return compare(playerOf(subject.s), playerOf(object.s));
    const q = b.ref("other");
    const holds = subject.s.k === "others" ? compare(q, playerOf(object.s)) : compare(playerOf(subject.s), q);
    const mine = subject.s.k === "others" ? playerOf(object.s) : playerOf(subject.s);
    const others = (test: A.Expr): A.Expr => b.call("count", [{ value: b.comprehension("other", b.ref("players"), b.and([b.bin("!=", q, mine), test])) }]);
    if (one.quant === "some") return b.bin(">", others(holds), b.num(0));
    if (one.quant === "none") return b.bin("==", others(holds), b.num(0));
    return b.bin("==", others(b.not(holds)), b.num(0));
  }
  return null;
}

/** "N or more", "N or fewer", "exactly N", "at least N", "at most N" before words[..end): how a value
 *  compares with N, and where the value's words begin. */
function amount(cx: LowerContext, words: readonly Word[], at: number, end: number): { op: A.BinaryOp; n: SlotValue; next: number } | null {
  let lead: A.BinaryOp | null = null;
  if (word(words, at) === "exactly") [lead, at] = ["==", at + 1];
  else if (word(words, at) === "at" && word(words, at + 1) === "least") [lead, at] = [">=", at + 2];
  else if (word(words, at) === "at" && word(words, at + 1) === "most") [lead, at] = ["<=", at + 2];
  for (const q of cx.matcher.numbers(words, at, end)) {
    if (lead) return { op: lead, n: q.v, next: q.next };
    if (word(words, q.next) !== "or") continue;
    const w = word(words, q.next + 1);
    if (w === "more" || w === "higher" || w === "greater") return { op: ">=", n: q.v, next: q.next + 2 };
    if (w === "less" || w === "fewer" || w === "lower") return { op: "<=", n: q.v, next: q.next + 2 };
  }
  return null;
}

/** words[0, end) as a player's value compared with a number ("another player has 40 or more Honor"), or null. */
export function playerValueAmount(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (const subject of sides(cx, words, 0, end)) {
    const verb = word(words, subject.next);
    if (verb !== "has" && verb !== "have") continue;
    const a = amount(cx, words, subject.next + 1, end);
    if (!a) continue;
    const value = cx.lex.values.find((v) => startsWith(words, a.next, v.words) === end - a.next);
    if (!value) continue;
    const n = quiet ? b.num(0) : slotExpr(cx, a.n);
    if (!n) return null;
    const holds = (p: A.Expr): A.Expr => b.bin(a.op, b.member(p, value.value), n);
    if (subject.s.k !== "others") {
      const player = subject.s.k === "you" || quiet ? b.ref("you") : slotExpr(cx, { ty: "player", v: subject.s.player });
      return player ? holds(player) : null;
    }
    const q = b.ref("other");
    const others = (test: A.Expr): A.Expr => b.call("count", [{ value: b.comprehension("other", b.ref("players"), b.and([b.bin("!=", q, b.ref("you")), test])) }]);
    if (subject.s.quant === "some") return b.bin(">", others(holds(q)), b.num(0));
    if (subject.s.quant === "none") return b.bin("==", others(holds(q)), b.num(0));
    return b.bin("==", others(b.not(holds(q))), b.num(0));
  }
  return null;
}
