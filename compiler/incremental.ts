// Recompiling after an edit: a file whose text has not changed is not parsed again, and a generated
// file whose inputs (its module's IR and what other modules tell it) have not changed is neither
// emitted nor formatted again.  Checking is whole-program (names cross files) and always runs.
import { parse, type ParseResult } from "../grammar/index.ts";
import { compileSources, type CompileResult, type SourceInput } from "./compile.ts";
import { emitProgram, type EmitOptions, type GeneratedFile } from "./codegen/emit.ts";
import { formatFiles } from "./codegen/format.ts";
import type { IrProgram } from "./ir.ts";

export interface BuildStats {
  /** Files parsed this build (the others' parses were reused). */
  readonly parsed: number;
  /** Generated files emitted and formatted this build (the others were reused). */
  readonly emitted: number;
}

export class IncrementalCompiler {
  private readonly parses = new Map<string, { text: string; result: ParseResult }>();
  private readonly outputs = new Map<string, { key: string; file: GeneratedFile }>();
  stats: BuildStats = { parsed: 0, emitted: 0 };

  constructor(private readonly options: EmitOptions = {}) {}

  /** Checks the sources and, without errors, returns every generated file (formatted). */
  async build(inputs: readonly SourceInput[]): Promise<{ result: CompileResult; files: GeneratedFile[] | null }> {
    let parsed = 0;
    const result = compileSources(inputs, (text, path) => {
      const known = this.parses.get(path);
      if (known && known.text === text) return known.result;
      parsed++;
      const r = parse(text, path);
      this.parses.set(path, { text, result: r });
      return r;
    });
    for (const path of [...this.parses.keys()]) if (!inputs.some((i) => i.path === path)) this.parses.delete(path);
    if (!result.program) {
      this.stats = { parsed, emitted: 0 };
      return { result, files: null };
    }
    const keys = outputKeys(result.program);
    const stale = new Set([...keys].filter(([name, key]) => this.outputs.get(name)?.key !== key).map(([name]) => name));
    const fresh = stale.size ? await formatFiles(emitProgram(result.program, { ...this.options, only: stale })) : [];
    for (const f of fresh) this.outputs.set(nameOf(f.path), { key: keys.get(nameOf(f.path))!, file: f });
    for (const name of [...this.outputs.keys()]) if (!keys.has(name)) this.outputs.delete(name);
    this.stats = { parsed, emitted: fresh.length };
    return { result, files: [...keys.keys()].map((name) => this.outputs.get(name)!.file) };
  }
}

/** "rules/duels.ts" → "rules/duels" (the `only` name emitProgram knows it by). */
function nameOf(path: string): string {
  return path.replace(/\.ts$/, "");
}

/**
 * What each generated file is made from, as text: its module's IR plus what every module may read of
 * the others (which effects yield, which module declares each sequence's frame type, the exports);
 * the vocabulary and index files are made from the vocabulary and the exports.
 */
function outputKeys(program: IrProgram): Map<string, string> {
  const shared = JSON.stringify(
    program.modules.map((m) => [m.path, m.decls.map((d) => [d.kind, d.ref.name, d.kind === "effect" ? d.yields : d.kind === "sequence" ? d.frameType : null])]),
  );
  const keys = new Map<string, string>();
  for (const m of program.modules) keys.set(m.path, shared + JSON.stringify(m));
  keys.set("vocabulary", JSON.stringify(program.vocabulary));
  keys.set("index", shared + JSON.stringify(program.vocabulary));
  return keys;
}
