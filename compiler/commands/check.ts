// `l5r check [paths]`: diagnostics as `file:line:col: severity code: message`; exit 1 on errors.
import { compileSources, type CompileResult } from "../compile.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { loadProgramSources } from "../sources.ts";

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Compiles the project's rules with the given paths; prints what concerns the requested files. */
export function checkPaths(paths: readonly string[], io: Output): { result: CompileResult; exit: number; requested: Set<string> } {
  const { inputs, requested } = loadProgramSources(paths.length ? paths : ["rules"]);
  const result = compileSources(inputs);
  let errors = 0;
  let warnings = 0;
  for (const d of result.diagnostics) {
    // Errors anywhere stop the program; warnings are shown for the files asked about.
    if (d.severity !== "error" && !requested.has(d.file)) continue;
    if (d.severity === "error") errors++;
    else warnings++;
    io.out(formatDiagnostic(d, (f) => result.lines.get(f) ?? null));
  }
  io.err(`checked ${requested.size} file(s): ${errors} error(s), ${warnings} warning(s)`);
  return { result, exit: errors > 0 ? 1 : 0, requested };
}

export function check(paths: readonly string[], io: Output): number {
  return checkPaths(paths, io).exit;
}
