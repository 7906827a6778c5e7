// The compiler driver: sources in, diagnostics and (when there are no errors) the program's IR out.
import { type ParseResult, type SourceFile } from "../grammar/index.ts";
import { Diagnostics, LineMap, sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import type { IrProgram } from "./ir.ts";
import { emptySymbols } from "./symbols.ts";
import { Checker } from "./check/checker.ts";
import type { CompileContext, Pass } from "./passes/context.ts";
import { stages } from "./passes/index.ts";
import { parseReusing, Recent, sourcesKey } from "./compile-memo.ts";

export interface SourceInput {
  readonly path: string;
  readonly text: string;
}

export interface CompileResult {
  readonly diagnostics: Diagnostic[];
  readonly program: IrProgram | null;
  readonly files: SourceFile[];
  /** Line maps of every input, for formatting diagnostics. */
  readonly lines: Map<string, LineMap>;
}

/** The last programs compiled in this process (compiler/compile-memo.ts). */
const recentResults = new Recent<CompileResult>(4);

/**
 * Compiles the sources; the same sources compiled again in this process give the same result at once,
 * and an unchanged file is not parsed again.  `parseFile` lets a caller keep its own parses
 * (compiler/incremental.ts counts them); such a compile is not kept.
 */
export function compileSources(inputs: readonly SourceInput[], parseFile?: (text: string, path: string) => ParseResult): CompileResult {
  if (parseFile) return compileContext(inputs, parseFile, stages).result;
  const key = sourcesKey(inputs);
  const known = recentResults.get(key);
  if (known) return known;
  const { result } = compileContext(inputs, parseReusing, stages);
  // Shared from now on: nothing may change it.
  Object.freeze(result.diagnostics);
  Object.freeze(result.files);
  recentResults.set(key, result);
  return result;
}

/**
 * The passes' shared context after the given stages (null when a file does not parse or a stage ends
 * with errors): what checking more cards against the same rules starts from (compiler/corpus/).
 */
export function compileContext(
  inputs: readonly SourceInput[],
  parseFile: (text: string, path: string) => ParseResult = parseReusing,
  upTo: readonly (readonly Pass[])[] = stages,
): { result: CompileResult; ctx: CompileContext | null } {
  const diags = new Diagnostics();
  const lines = new Map<string, LineMap>();
  const files: SourceFile[] = [];
  for (const input of inputs) {
    lines.set(input.path, new LineMap(input.text));
    const parsed = parseFile(input.text, input.path);
    for (const e of parsed.errors) diags.error(e.code, e.message, input.path, e.range);
    if (parsed.file) files.push(parsed.file);
  }
  const result = (program: IrProgram | null): CompileResult => ({ diagnostics: sortDiagnostics(diags.list), program, files, lines });
  if (diags.hasErrors) return { result: result(null), ctx: null };

  const symbols = emptySymbols(files);
  const ctx: CompileContext = { files, diags, symbols, checker: new Checker(symbols, diags), ir: new Map(), program: null, lexicon: null };
  try {
    for (const stage of upTo) {
      for (const pass of stage) pass.run(ctx);
      if (diags.hasErrors) return { result: result(null), ctx: null };
    }
  } catch (e) {
    // Nesting is bounded when parsing; should some structure still exhaust the stack, the program is
    // refused with a diagnostic rather than a crash.
    if (!(e instanceof RangeError)) throw e;
    const biggest = [...inputs].sort((a, b) => b.text.length - a.text.length)[0]!;
    diags.error("limit/too-complex", "the program is too deeply nested to compile", biggest.path, { start: 0, end: 0 });
    return { result: result(null), ctx: null };
  }
  return { result: result(ctx.program), ctx };
}
