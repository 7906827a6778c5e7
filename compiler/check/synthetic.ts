// Expression nodes that only card-text lowering produces: the checker accepts them beside the parsed
// AST so that lowered card text is checked exactly like hand-written rules.
import type * as A from "../../grammar/index.ts";
import type { IrExpr } from "../ir.ts";
import type { Ty } from "../types.ts";

/** `body` with `name` standing for `value` (an adjective's parameter bound to a candidate card). */
export interface LetExpr {
  kind: "LetExpr";
  range: A.Range;
  name: string;
  value: A.Expr;
  body: A.Expr;
}

/** An expression already resolved (the candidate being filtered, an event argument). */
export interface IrLeaf {
  kind: "IrLeaf";
  range: A.Range;
  ir: IrExpr;
  ty: Ty;
}

export type Synthetic = LetExpr | IrLeaf;

export function letExpr(name: string, value: A.Expr, body: A.Expr, range: A.Range): A.Expr {
  return { kind: "LetExpr", range, name, value, body } satisfies LetExpr as unknown as A.Expr;
}

export function irLeaf(ir: IrExpr, ty: Ty, range: A.Range): A.Expr {
  return { kind: "IrLeaf", range, ir, ty } satisfies IrLeaf as unknown as A.Expr;
}

export function asSynthetic(e: A.Expr): Synthetic | null {
  const k = (e as { kind: string }).kind;
  return k === "LetExpr" || k === "IrLeaf" ? (e as unknown as Synthetic) : null;
}
