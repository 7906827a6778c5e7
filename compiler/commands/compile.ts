// `l5r compile [paths] [--out DIR]`: rules/ (with any given .l5r files) → generated/ (or DIR).  Files
// are written to a fresh folder beside the target and swapped in by renaming, so a failed compile never
// leaves it half-written.
import { accessSync, constants, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { compileSources } from "../compile.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { emitProgram, type GeneratedFile } from "../codegen/emit.ts";
import { formatFiles } from "../codegen/format.ts";
import { expandPath, generatedRoot, loadProgramSources, projectRoot, readSource, rulesRoot, UsageError } from "../sources.ts";
import type { Output } from "./check.ts";

/** The generated files for the project's rules (with `paths`), formatted, importing the runtime from
 *  `runtimeModule` (default: ../runtime/api.ts from generated/); null (with diagnostics printed) on errors. */
export async function generateRules(io: Output, paths: readonly string[] = [], runtimeModule?: (module: string) => string): Promise<GeneratedFile[] | null> {
  const inputs = paths.length ? loadProgramSources(paths).inputs : expandPath(rulesRoot).map((p) => readSource(p));
  const result = compileSources(inputs);
  for (const d of result.diagnostics) io.out(formatDiagnostic(d, (f) => result.lines.get(f) ?? null));
  if (!result.program) return null;
  return formatFiles(emitProgram(result.program, { runtimeModule }));
}

/** Is the project a package installed in another project's node_modules? */
const installed = projectRoot.split(sep).includes("node_modules");

/** How files written into `out` import the runtime: as the project's generated/ does, through the
 *  installed package, or by a path relative to each file. */
function runtimeFor(out: string): ((module: string) => string) | undefined {
  if (out === generatedRoot) return undefined;
  if (installed) return () => "l5r-rules/runtime/api.ts";
  return (module) => {
    const from = dirname(join(out, module));
    const rel = relative(from, join(projectRoot, "runtime", "api.ts")).split(sep).join("/");
    return rel.startsWith(".") ? rel : `./${rel}`;
  };
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

export interface CompileOptions {
  /** More .l5r files or folders compiled with the rules. */
  readonly paths?: readonly string[];
  /** Where the files go (default: the project's generated/ when run inside the project, else
   *  ./generated in the current folder). */
  readonly out?: string;
}

export async function compile(io: Output, options: CompileOptions = {}): Promise<number> {
  const out = options.out ?? defaultOut();
  refuseUnwritable(out);
  const files = await generateRules(io, options.paths ?? [], runtimeFor(out));
  if (!files) return 1;
  // Elsewhere than generated/ the files say they are ES modules, whatever the folder around them is.
  writeTree(out, out === generatedRoot ? files : [...files, { path: "package.json", text: `${JSON.stringify({ type: "module" })}\n` }]);
  io.err(`wrote ${files.length} files to ${out === generatedRoot ? "generated/" : out}`);
  return 0;
}

/** A folder that cannot be made or written is refused before the rules are compiled, not after (writing
 *  still undoes itself should something change meanwhile). */
function refuseUnwritable(root: string): void {
  let at = dirname(root);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  const problem = !statSync(at).isDirectory() ? "ENOTDIR" : writable(at) ? null : "EACCES";
  if (problem) throw new UsageError(`cannot write ${root} (${problem}); nothing was changed`);
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function defaultOut(): string {
  const rel = relative(projectRoot, process.cwd());
  const inProject = !installed && !rel.startsWith("..") && !rel.startsWith(sep);
  return inProject ? generatedRoot : resolve("generated");
}
