// What the passes share: the parsed files, the declarations, the diagnostics, and the IR they build.
import type * as A from "../../grammar/index.ts";
import type { Diagnostics } from "../diagnostics.ts";
import type { IrDecl, IrProgram } from "../ir.ts";
import type { Symbols } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import type { Lexicon } from "../text/lexicon.ts";

export interface CompileContext {
  readonly files: readonly A.SourceFile[];
  readonly diags: Diagnostics;
  symbols: Symbols;
  checker: Checker;
  /** The IR of each declaration, by its AST node (assembled in source order at the end). */
  readonly ir: Map<object, IrDecl>;
  program: IrProgram | null;
  /** Card-text vocabulary, built once the declarations are known. */
  lexicon: Lexicon | null;
  /** Leave out of diagnostics the closest declared phrases (a corpus run reports thousands of cards,
   *  and reads only the phrase each warning is about). */
  readonly withoutSuggestions?: boolean;
}

export interface Pass {
  readonly name: string;
  run(ctx: CompileContext): void;
}
