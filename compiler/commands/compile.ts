// `l5r compile`: rules/ → generated/.  Files are written to a fresh folder beside generated/ and
// swapped in by renaming, so a failed compile never leaves generated/ half-written.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileSources } from "../compile.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { emitProgram, type GeneratedFile } from "../codegen/emit.ts";
import { formatFiles } from "../codegen/format.ts";
import { expandPath, generatedRoot, readSource, rulesRoot, UsageError } from "../sources.ts";
import type { Output } from "./check.ts";

/** The generated files for the project's rules, formatted; null (with diagnostics printed) on errors. */
export async function generateRules(io: Output): Promise<GeneratedFile[] | null> {
  const inputs = expandPath(rulesRoot).map((p) => readSource(p));
  const result = compileSources(inputs);
  for (const d of result.diagnostics) io.out(formatDiagnostic(d, (f) => result.lines.get(f) ?? null));
  if (!result.program) return null;
  return formatFiles(emitProgram(result.program));
}

export function writeTree(root: string, files: readonly GeneratedFile[]): void {
  const parent = dirname(root);
  const staging = join(parent, `.${process.pid}-generated-new`);
  const retired = join(parent, `.${process.pid}-generated-old`);
  try {
    rmSync(staging, { recursive: true, force: true });
    for (const f of files) {
      const target = join(staging, f.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, f.text);
    }
    if (existsSync(root)) renameSync(root, retired);
    renameSync(staging, root);
    rmSync(retired, { recursive: true, force: true });
  } catch (e) {
    // Undo what can be undone; the first error is the one reported.
    try {
      rmSync(staging, { recursive: true, force: true });
      if (existsSync(retired) && !existsSync(root)) renameSync(retired, root);
    } catch {
      // the staging folder could not even be made
    }
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write ${root}${code ? ` (${code})` : ""}; nothing was changed`);
  }
}

export async function compile(io: Output, out = generatedRoot): Promise<number> {
  const files = await generateRules(io);
  if (!files) return 1;
  writeTree(out, files);
  io.err(`wrote ${files.length} files to ${out === generatedRoot ? "generated/" : out}`);
  return 0;
}
