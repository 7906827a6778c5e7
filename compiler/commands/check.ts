// `l5r check [paths] [--json]`: diagnostics as `file:line:col: severity code: message` (or one JSON
// object, for editors and other programs); exit 1 on errors.
import { compileSources, type CompileResult, type SourceInput } from "../compile.ts";
import { formatDiagnostic, type Diagnostic, type LineMap } from "../diagnostics.ts";
import type { Range } from "../../grammar/index.ts";
import { loadProgramSources } from "../sources.ts";

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export interface Checked {
  readonly result: CompileResult;
  /** The sources read (the project's rules with the paths asked for). */
  readonly inputs: readonly SourceInput[];
  readonly exit: number;
  readonly requested: Set<string>;
  /** What `check --json` prints: the counts and each diagnostic shown, with lines and columns. */
  report(): CheckReport;
}

export interface CheckReport {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  readonly diagnostics: readonly object[];
}

/** Compiles the project's rules with the given paths; prints what concerns the requested files (as
 *  one JSON object with `json`, or nothing with `quiet`). */
export function checkPaths(paths: readonly string[], io: Output, options: { json?: boolean; quiet?: boolean; strict?: boolean } = {}): Checked {
  const { inputs, requested } = loadProgramSources(paths.length ? paths : ["rules"]);
  const result = compileSources(inputs);
  // Errors anywhere stop the program; warnings are shown for the files asked about.
  const shown = result.diagnostics.filter((d) => d.severity === "error" || requested.has(d.file));
  const errors = shown.filter((d) => d.severity === "error").length;
  const warnings = shown.length - errors;
  const lines = (f: string): LineMap | null => result.lines.get(f) ?? null;
  const report = (): CheckReport => ({ files: requested.size, errors, warnings, diagnostics: shown.map((d) => diagnosticJson(d, lines)) });
  if (!options.quiet) {
    if (options.json) io.out(JSON.stringify(report()));
    else for (const d of shown) io.out(formatDiagnostic(d, lines));
    io.err(`checked ${requested.size} file(s): ${errors} error(s), ${warnings} warning(s)`);
  }
  // `--strict`: a warning (text the rules cannot read yet, an unsupported phrase) fails too.
  const failed = errors > 0 || (options.strict === true && warnings > 0);
  return { result, inputs, exit: failed ? 1 : 0, requested, report };
}

export function check(paths: readonly string[], io: Output, json: boolean, strict = false): number {
  return checkPaths(paths, io, { json, strict }).exit;
}

/** A place as a program reads it: offsets and 1-based lines and columns of both ends. */
function placeJson(file: string, range: Range, lines: (file: string) => LineMap | null) {
  const map = lines(file);
  const at = (offset: number) => map?.position(offset) ?? { line: 1, column: 1 };
  return { file, range, start: at(range.start), end: at(range.end) };
}

function diagnosticJson(d: Diagnostic, lines: (file: string) => LineMap | null) {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...placeJson(d.file, d.range, lines),
    related: d.related.map((r) => ({ message: r.message, ...placeJson(r.file, r.range, lines) })),
  };
}
