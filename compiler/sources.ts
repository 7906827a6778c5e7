// Finding and reading .l5r sources for the command line.  The project's rules/ folder is always part
// of a program (it declares the game); paths given on the command line add to it.  Anything wrong
// with a path is a UsageError: one line, exit 2.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { SourceInput } from "./compile.ts";

export class UsageError extends Error {}

/** The project root: the folder holding compiler/, rules/, runtime/ and generated/.  Found as the nearest
 *  folder above this module whose package.json is this package's, so that a bundle of the command
 *  (compiler/launch.mjs keeps one under node_modules/.cache) finds it as the sources do. */
export const projectRoot = packageFolderAbove(dirname(fileURLToPath(import.meta.url)));

function packageFolderAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown }).name === "l5r-rules") return dir;
    } catch {
      // no package.json here, or not one we can read: look further up
    }
    if (dirname(dir) === dir) return resolve(start, "..");
  }
}
export const rulesRoot = join(projectRoot, "rules");
export const generatedRoot = join(projectRoot, "generated");
// ---------------------------------------------------------------- versions of the rules (errata)
/** Other versions of the rules live here and are left out of rules/: a folder of rules/errata/ holds
 *  files that take the place of the files of rules/ at the same paths (docs/language.md). */
export const errataRoot = join(rulesRoot, "errata");

/** The file of rules/ that a file of a version folder stands in for, or null for any other file. */
export function substitutedFile(abs: string): string | null {
  const rel = relative(errataRoot, abs);
  if (rel.startsWith("..") || rel === "" || rel.startsWith(sep)) return null;
  const [version, ...rest] = rel.split(sep);
  return version && rest.length ? join(rulesRoot, ...rest) : null;
}
// ----------------------------------------------------------------

/** Largest source file read (a card file is a few kilobytes; the synthetic bench input is far below). */
export const MAX_SOURCE_BYTES = 32 * 1024 * 1024;

function walk(dir: string, out: string[], from: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = join(dir, entry.name);
    // rules/ leaves out rules/errata/ (other versions) unless the walk starts inside it.
    if (entry.isDirectory() && full === errataRoot && from !== errataRoot) continue;
    if (entry.isDirectory()) walk(full, out, from);
    else if (entry.isFile() && entry.name.endsWith(".l5r")) out.push(full);
  }
}

/** The .l5r files a command-line path names (a file, or every .l5r file under a folder). */
export function expandPath(path: string): string[] {
  const abs = resolve(path);
  let st;
  try {
    st = statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(code === "EACCES" ? `cannot read ${path}: permission denied` : `no such file or folder: ${path}`);
  }
  if (st.isDirectory()) {
    const out: string[] = [];
    try {
      walk(abs, out, abs);
    } catch {
      throw new UsageError(`cannot read the folder ${path}`);
    }
    if (out.length === 0) throw new UsageError(`${path} holds no .l5r files`);
    return out;
  }
  if (!st.isFile()) throw new UsageError(`${path} is not a file or folder`);
  if (!abs.endsWith(".l5r")) throw new UsageError(`${path} is not a .l5r file`);
  return [abs];
}

/** How a source is named in diagnostics and generated banners: relative to the project when inside it
 *  (`root`: the project's folder, for code that runs from elsewhere, as the bundled bench does). */
export function sourceName(abs: string, root = projectRoot): string {
  const rel = relative(root, abs);
  const inside = !rel.startsWith("..") && !rel.startsWith(sep) && rel !== "";
  return (inside ? rel : relative(process.cwd(), abs) || abs).split(sep).join("/");
}

export function readSource(abs: string, root = projectRoot): SourceInput {
  const name = sourceName(abs, root);
  let st;
  try {
    st = statSync(abs);
  } catch {
    throw new UsageError(`cannot read ${name}`);
  }
  if (st.size > MAX_SOURCE_BYTES) throw new UsageError(`${name} is ${Math.round(st.size / 1048576)} MB; sources are limited to ${MAX_SOURCE_BYTES / 1048576} MB`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${name}${code === "EACCES" ? ": permission denied" : ""}`);
  }
  if (bytes.includes(0)) throw new UsageError(`${name} is a binary file, not .l5r text`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${name} is not valid UTF-8 text`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { path: name, text };
}

/** The files of rules/ that declare the game, less its scenarios (rules/scenarios/): what real cards are
 *  checked against (`l5r corpus`, `l5r import`).  The scenarios declare only their own ad-hoc cards, and
 *  are over half of rules/ to read and check. */
export function ruleDeclarationFiles(): string[] {
  const scenarios = join(rulesRoot, "scenarios") + sep;
  return expandPath(rulesRoot).filter((f) => !f.startsWith(scenarios));
}

/** The project's rules plus the given paths (each file once), in a stable order; a file of a version
 *  folder (rules/errata/NAME/...) takes the place of the rules/ file at its path.  The rules' own
 *  scenarios (rules/scenarios/) come only when asked for: an author's cards are checked, compiled and
 *  played against the game the rules declare, as `l5r corpus` checks real cards, and the scenarios are
 *  over half of what there would be to read, check and emit. */
export function loadProgramSources(paths: readonly string[]): { inputs: SourceInput[]; requested: Set<string> } {
  const requested = new Set<string>();
  for (const p of paths) for (const f of expandPath(p)) requested.add(f);
  const declarations = new Set(ruleDeclarationFiles());
  const all = new Set<string>(expandPath(rulesRoot).filter((f) => declarations.has(f) || requested.has(f)));
  for (const f of requested) all.add(f);
  for (const f of requested) {
    const replaced = substitutedFile(f);
    if (replaced) {
      all.delete(replaced);
      requested.delete(replaced);
    }
  }
  const inputs = [...all].map((p) => readSource(p));
  return { inputs, requested: new Set([...requested].map((p) => sourceName(p))) };
}
