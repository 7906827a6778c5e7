// What the page and the compiler worker say to each other.
export interface CompileRequest {
  readonly id: number;
  /** The source's name in diagnostics and scenario locations. */
  readonly path: string;
  readonly text: string;
}

export interface ShownDiagnostic {
  readonly file: string;
  readonly severity: "error" | "warning" | "info";
  readonly code: string;
  readonly message: string;
  /** Offsets in the file, and the 1-based line and column of `from`. */
  readonly from: number;
  readonly to: number;
  readonly line: number;
  readonly column: number;
}

export interface ScenarioShown {
  readonly title: string;
  readonly location: string;
  readonly passed: boolean;
  readonly failures: readonly string[];
  /** The decisions put to players: who, the prompt, the options, the answer and who gave it. */
  readonly decisions: readonly string[];
}

export interface CompileResponse {
  readonly id: number;
  readonly diagnostics: readonly ShownDiagnostic[];
  /** The source's generated module, or null when the program does not compile. */
  readonly generated: string | null;
  readonly scenarios: readonly ScenarioShown[] | null;
  readonly ms: number;
  /** The compiler itself failed (a bug, never the source's fault). */
  readonly failure?: string;
}
