// The two versions a behavioural diff plays, each a whole program compiled on its own: rules/ itself,
// a version folder (rules/errata/NAME), another folder (its files in place of the files of rules/ at
// the same paths) or one file (in place of the rules/ file declaring the same `rules "..."` title).
// A scenario that does not compile under a version is set aside with its first error, so the rest run.
import { resolve } from "node:path";
import { compileSources, type SourceInput } from "../../compile.ts";
import type { IrProgram } from "../../ir.ts";
import { LineMap, formatDiagnostic } from "../../diagnostics.ts";
import { parse } from "../../../grammar/index.ts";
import { readSource, rulesRoot, UsageError } from "../../sources.ts";
import { sideFromPath, type SideFile } from "../sides.ts";

export interface Version {
  readonly label: string;
  /** By path inside rules/ ("duels.l5r", "scenarios/duels.l5r"). */
  readonly files: ReadonlyMap<string, SourceInput>;
}

export function versionOf(path: string): Version {
  const side = sideFromPath(path);
  const base = sideFromPath(rulesRoot);
  const files = new Map(base.files.map((f) => [f.key, input(f)]));
  if (side.files.length === 1 && side.files[0]!.key === "") {
    // One file: it stands for the rules file of the same title (or is added).
    const f = side.files[0]!;
    const title = titleOf(f.text);
    const same = base.files.find((b) => title !== null && titleOf(b.text) === title);
    files.set(same?.key ?? f.name, input(f));
  } else {
    for (const f of side.files) files.set(f.key, input(f));
  }
  return { label: side.label, files };
}

function input(f: SideFile): SourceInput {
  return { path: f.name, text: f.text };
}

function titleOf(text: string): string | null {
  return parse(text, "x.l5r").file?.title ?? null;
}

export interface Compiled {
  readonly program: IrProgram;
  /** Scenarios left out because they do not compile under this version: title and first error. */
  readonly setAside: readonly { title: string; file: string; error: string }[];
}

/**
 * The version with `extra` files (the other version's scenarios, the trials) in place of its own at the
 * same paths.  Scenarios of those files that do not compile are blanked out (offsets kept) and the
 * program compiled again; any other error is the version's own, and a usage error.
 */
export function compileVersion(v: Version, extra: ReadonlyMap<string, SourceInput> = new Map()): Compiled {
  const files = new Map(v.files);
  for (const [k, f] of extra) files.set(k, f);
  const removable = new Set([...extra.values()].map((f) => f.path));
  const setAside: { title: string; file: string; error: string }[] = [];
  for (let round = 0; round < 5; round++) {
    const inputs = [...files.values()];
    const r = compileSources(inputs);
    if (r.program) return { program: r.program, setAside };
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    const blamed = errors.filter((d) => removable.has(d.file));
    if (blamed.length === 0 || blamed.length < errors.length) {
      const first = errors.find((d) => !removable.has(d.file)) ?? errors[0]!;
      throw new UsageError(`${v.label} does not compile: ${formatDiagnostic(first, (f) => r.lines.get(f) ?? null)}`);
    }
    for (const [key, f] of files) {
      const mine = blamed.filter((d) => d.file === f.path);
      if (mine.length === 0) continue;
      const parsed = parse(f.text, f.path).file;
      let text = f.text;
      for (const decl of parsed?.decls ?? []) {
        if (decl.kind !== "ScenarioDecl") continue;
        const inside = mine.filter((d) => d.range.start >= decl.range.start && d.range.start < decl.range.end);
        if (inside.length === 0) continue;
        setAside.push({ title: decl.title.text, file: f.path, error: formatDiagnostic(inside[0]!, (p) => (p === f.path ? new LineMap(f.text) : null)) });
        text = text.slice(0, decl.range.start) + text.slice(decl.range.start, decl.range.end).replace(/[^\n]/g, " ") + text.slice(decl.range.end);
      }
      if (text === f.text) throw new UsageError(`${v.label} with ${f.path} does not compile: ${formatDiagnostic(mine[0]!, (p) => r.lines.get(p) ?? null)}`);
      files.set(key, { path: f.path, text });
    }
  }
  throw new UsageError(`${v.label} does not compile with the other version's scenarios`);
}

/** rules/errata/trials.l5r, the trials both versions play. */
export function trialsFile(): SourceInput {
  return readSource(resolve(rulesRoot, "errata", "trials.l5r"));
}
