// Loops that may never end: where a loop is written (generated code names it when the game reaches its
// step cap inside it), and a loop whose condition is always true with nothing in it that leaves it.
import type * as A from "../../grammar/index.ts";
import { LineMap } from "../diagnostics.ts";
import { findNode } from "../tree.ts";

const lineMaps = new WeakMap<A.SourceFile, LineMap>();

/** "rules/game.l5r:12:5": the loop's file, line and column. */
export function loopWhere(file: A.SourceFile, range: A.Range): string {
  let lines = lineMaps.get(file);
  if (!lines) lineMaps.set(file, (lines = new LineMap(file.text)));
  const pos = lines.position(range.start);
  return `${file.path}:${pos.line}:${pos.column}`;
}

/** Statements that leave the loop they are in, whatever loop that is: the function or sequence ends,
 *  or the game does. */
const LEAVES_ANY_LOOP = new Set(["Return", "Stop", "Declare", "Refuse"]);
/** Inside these, a `break` leaves something else (a loop of its own), or runs at another time. */
const OWN_BREAKS = new Set(["While", "For", "Repeat", "Closure", "AtEnd"]);

/**
 * `while true { ... }` with no `break` of its own, `return`, `stop`, `declare` or `refuse` in it ends
 * only if something it calls ends the game.
 */
export function neverLeft(s: A.WhileStmt): boolean {
  if (s.condition.kind !== "Bool" || !s.condition.value) return false;
  const leaves = findNode(s.body, (n) => (n.kind === "Closure" || n.kind === "AtEnd" ? "skip" : LEAVES_ANY_LOOP.has(n.kind as string)));
  if (leaves) return false;
  return findNode(s.body, (n) => (OWN_BREAKS.has(n.kind as string) ? "skip" : n.kind === "Break")) === null;
}
