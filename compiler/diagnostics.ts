// Diagnostics are data: {severity, code, message, file, range, related}.  Passes report and carry on;
// this module is the only one that turns character ranges into lines and columns.
import type { Range } from "../grammar/index.ts";

export type Severity = "error" | "warning" | "info";

export interface Related {
  readonly file: string;
  readonly range: Range;
  readonly message: string;
}

export interface Diagnostic {
  readonly severity: Severity;
  /** Stable, namespaced: `card/stat-not-on-type`, `timing/unknown-point`, `unsupported/phrase`. */
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly range: Range;
  readonly related: readonly Related[];
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  error(code: string, message: string, file: string, range: Range, related: Related[] = []): void {
    this.list.push({ severity: "error", code, message, file, range, related });
  }

  warning(code: string, message: string, file: string, range: Range, related: Related[] = []): void {
    this.list.push({ severity: "warning", code, message, file, range, related });
  }

  get errorCount(): number {
    let n = 0;
    for (const d of this.list) if (d.severity === "error") n++;
    return n;
  }

  get hasErrors(): boolean {
    return this.list.some((d) => d.severity === "error");
  }
}

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line starts of a text, for offset → line/column (1-based) by binary search. */
export class LineMap {
  /** Where each line starts, found when first asked (most files never have a diagnostic). */
  private starts: number[] | null = null;

  constructor(private readonly text: string) {}

  position(offset: number): Position {
    const starts = (this.starts ??= lineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) starts.push(i + 1);
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** `file:line:col: severity code: message`, and under it an indented `file:line:col: note: message`
 *  for each related place. */
export function formatDiagnostic(d: Diagnostic, lines: (file: string) => LineMap | null): string {
  const at = (file: string, range: Range): string => {
    const map = lines(file);
    const pos = map ? map.position(range.start) : { line: 1, column: 1 };
    return `${file}:${pos.line}:${pos.column}`;
  };
  let out = `${at(d.file, d.range)}: ${d.severity} ${d.code}: ${d.message}`;
  for (const r of d.related) out += `\n  ${at(r.file, r.range)}: note: ${r.message}`;
  return out;
}

export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.range.start - b.range.start));
}
