// "Each player loses 5 Honor": an effect card text applies to each of several players.  When the rules
// declare `entry eachPlayer = s`, the effect runs inside that sequence, given the players and each
// player's part as a hook (so the rules can apply every part first and check what follows once, after:
// simultaneous Honor losses); without one, it is a loop over the players.
import type * as A from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import type { AstBuilder } from "./build.ts";

/** The `eachPlayer` entry's sequence: its name, its list parameter and its hook, when well formed
 *  (check-vocabulary reports one that is not). */
export function eachPlayerEntry(symbols: Symbols): { seq: string; players: string; hook: string } | null {
  const entry = symbols.entries.get("eachPlayer");
  const target = entry ? symbols.callables.get(entry.decl.target.text) : undefined;
  if (!target || target.kind !== "sequence") return null;
  const [players] = target.decl.params;
  const [hook] = target.decl.hooks;
  if (!players || !hook || target.decl.params.length !== 1 || hook.params.length !== 1) return null;
  return { seq: target.decl.name.text, players: players.name.text, hook: hook.name.text };
}

/** `inner` for each of `players`, the player named `binder` in it. */
export function forEachPlayer(symbols: Symbols, b: AstBuilder, binder: string, players: A.Expr, inner: A.Stmt[]): A.Stmt[] {
  const entry = eachPlayerEntry(symbols);
  if (!entry) return [b.forStmt(binder, players, inner)];
  const part = b.closure([{ name: binder, type: "player" }], inner);
  return [b.exprStmt(b.call(entry.seq, [{ name: entry.players, value: players }, { name: entry.hook, value: part }]))];
}
