// Pass 8: what must be a generator.  A heading's timing points are generated only when some trigger
// or scenario in the program names them; an effect or heading that can never put a decision to a
// player nor let anything react (no choice, event, hook, sequence or yielding effect) is generated as
// a plain function.  Generators cost time at every step; this keeps them where the rules need them.
// One whose only step is its last statement (an event, or a call of an effect that yields) is a plain
// function too: it does the rest and returns that step for its caller to run.
import type { IrExpr, IrProgram, IrStmt } from "../ir.ts";
import type { CompileContext } from "./context.ts";
import { findNode, withoutEndCheckpoints } from "../tree.ts";

export function analyzeYields(ctx: CompileContext): void {
  const program = ctx.program;
  if (!program) return;
  program.listenedPoints = listenedPoints(program);

  const effects = new Map<string, { yields: boolean; tailStep?: boolean; body: IrStmt[] }>();
  for (const m of program.modules) for (const d of m.decls) if (d.kind === "effect") effects.set(`${d.ref.module}:${d.ref.name}`, d);
  // Hooks are called through `run`, which always yields; effects with hooks therefore yield.
  for (const e of effects.values()) e.yields = false;
  // Fixed point: an effect yields if its body yields, given what is known so far of the others.
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of effects.values()) {
      if (e.yields) continue;
      if (stmtsYield(e.body, effects)) {
        e.yields = true;
        changed = true;
      }
    }
  }
  for (const e of effects.values()) e.tailStep = e.yields && isTailStep(e.body, effects);
  for (const m of program.modules) {
    for (const d of m.decls) {
      if (d.kind !== "sequence") continue;
      d.points = { before: program.listenedPoints.has(`before:${d.seq}`), after: program.listenedPoints.has(`after:${d.seq}`) };
      for (const h of d.headings) {
        h.points = { before: program.listenedPoints.has(`before:${h.point}`), after: program.listenedPoints.has(`after:${h.point}`) };
        h.yields = h.points.before || h.points.after || stmtsYield(h.body, effects);
        h.tailStep = h.yields && !h.points.before && !h.points.after && isTailStep(h.body, effects);
      }
    }
  }
}

/** Timing points some card trigger or scenario look names. */
function listenedPoints(program: IrProgram): Set<string> {
  const out = new Set<string>();
  const visitStmts = (list: readonly IrStmt[]): void => {
    for (const s of list) if (s.k === "on") out.add(s.event);
  };
  for (const m of program.modules) {
    for (const d of m.decls) {
      const cards = d.kind === "card" ? [d] : d.kind === "scenario" ? d.adhocCards : [];
      for (const c of cards) for (const a of c.abilities) if (a.trigger) out.add(a.trigger.event);
      if (d.kind === "scenario") visitStmts(d.body);
    }
  }
  return out;
}

type EffectInfo = ReadonlyMap<string, { yields: boolean }>;

/**
 * Is the last statement the only one that yields, and a step that can be returned as it is (or an `if`
 * without `else`, not yielding in its condition, whose block is one such)?
 */
function isTailStep(all: readonly IrStmt[], effects: EffectInfo): boolean {
  const body = withoutEndCheckpoints(all);
  const last = body[body.length - 1];
  if (!last) return false;
  const rest = body.slice(0, -1);
  // The rest must not leave early: a plain `return` there would give the caller no steps to run.
  const leavesEarly = findNode(rest, (n) => n.k === "return" || n.k === "stop" || n.k === "checkpoint") !== null;
  if (leavesEarly || stmtsYield(rest, effects)) return false;
  if (last.k === "if") return last.else === null && !exprYields(last.cond) && isTailStep(last.then, effects);
  return (
    (last.k === "emit" && !last.args.some(exprYields)) ||
    (last.k === "callEffect" && Object.keys(last.hooks).length === 0 && !last.args.some(exprYields) && effects.get(`${last.fn.module}:${last.fn.name}`)?.yields !== false)
  );
}

export function stmtsYield(list: readonly IrStmt[], effects: EffectInfo): boolean {
  return list.some((s) => stmtYields(s, effects));
}

function stmtYields(s: IrStmt, effects: EffectInfo): boolean {
  switch (s.k) {
    case "emit":
    case "runHook":
    case "resolve":
    case "choose":
    case "take":
    case "window":
      return true;
    case "callEffect":
      return effects.get(`${s.fn.module}:${s.fn.name}`)?.yields !== false || Object.values(s.hooks).some((h) => exprYields(h)) || s.args.some(exprYields);
    case "for":
      return s.orderedBy !== null || exprYields(s.source) || stmtsYield(s.body, effects);
    case "if":
      return exprYields(s.cond) || stmtsYield(s.then, effects) || (s.else !== null && stmtsYield(s.else, effects));
    case "while":
      return exprYields(s.cond) || stmtsYield(s.body, effects);
    case "repeat":
      return exprYields(s.count) || stmtsYield(s.body, effects);
    case "clause":
    case "lasting":
      return stmtsYield(s.body, effects);
    case "let":
      return exprYields(s.init);
    case "assignLocal":
    case "assignField":
    case "setFlag":
    case "setUseFlag":
    case "setFaceUp":
    case "setValue":
    case "setNegated":
      return exprYields(s.value);
    case "expr":
      return exprYields(s.e);
    default:
      return false;
  }
}

/** Does evaluating the expression put a decision or run a sequence (closures only yield when run)? */
const YIELDING = new Set(["callSeq", "chooseFrom", "ask", "announce"]);

function exprYields(e: IrExpr): boolean {
  return findNode(e, (n) => (n.k === "closure" ? "skip" : YIELDING.has(n.k as string))) !== null;
}
