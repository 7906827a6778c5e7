// "Discard a card: Produce Gold equal to its Focus Value": an effect that picks a card itself (the rules'
// "discard a card" lets its player choose) holds no variable of the card text's, but the rules may keep
// what it picked: when the effect's body is a run of one sequence with exactly one card state
// (`discardingFromHand`'s `discarded`), "it" afterwards is that state of the sequence's last run.
import type * as A from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import type { Effect } from "./context.ts";

/** The card an effect picked itself, as the rules record it, or null when they keep no such record. */
export function pickedCardOf(symbols: Symbols, effect: Effect, range: A.Range): A.Expr | null {
  const body = effect.decl.body;
  const only = body.length === 1 ? body[0] : undefined;
  if (!only || only.kind !== "ExprStmt") return null;
  const call = only.expr;
  if (call.kind !== "Call" || call.callee.kind !== "NameRef") return null;
  const target = symbols.callables.get(call.callee.name);
  if (!target || target.kind !== "sequence") return null;
  const cards = target.decl.states.filter((s) => s.type.name.text === "card" && s.type.nullable && s.type.arg === null);
  if (cards.length !== 1) return null;
  const last: A.Expr = { kind: "Last", range, sequence: { ...target.decl.name, range } } as A.Expr;
  return { kind: "Member", range, object: last, member: { ...cards[0]!.name, range } } as A.Expr;
}
