// Gives meaning to the concrete syntax tree: builds the AST of grammar/ast.ts with source ranges.
// The builder is made of layers, one part of the tree a file: to-ast-base (ranges and helpers),
// to-ast-declarations, to-ast-statements, to-ast-expressions, to-ast-card-text.
import type { CstNode } from "chevrotain";
import type * as A from "./ast.ts";
import { CardTextBuilder } from "./to-ast-card-text.ts";

export { MAX_CHAIN } from "./to-ast-base.ts";

class Builder extends CardTextBuilder {}

/** The AST of a parsed file, or the errors that make it unusable (a chain of operators too long). */
export function toAst(cst: CstNode, path: string, text: string): { file: A.SourceFile; errors: { code: string; message: string; range: A.Range }[] } {
  const b = new Builder(text);
  const file = b.file(cst, path);
  return { file, errors: b.errors };
}
