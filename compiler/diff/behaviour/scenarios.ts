// The scenarios of a behavioural diff: scenario files either version has and the other has
// differently run under both versions (a scenario that does not compile under one is set aside with
// its first error), and those whose outcome changes are listed.
import { parse, type SourceFile } from "../../../grammar/index.ts";
import type { SourceInput } from "../../compile.ts";
import { loadCompiled } from "../../commands/test.ts";
import { runScenario } from "../../../runtime/api.ts";
import { compileVersion, type Compiled, type Version } from "./programs.ts";

export interface ScenarioChange {
  readonly title: string;
  readonly file: string;
  /** "passed", "failed: <expectation>: <detail>", "does not compile: <first error>". */
  readonly old: string;
  readonly new: string;
}

export interface ScenarioOutcomes {
  /** How many scenarios ran (under either version). */
  readonly run: number;
  readonly changes: readonly ScenarioChange[];
}

/** Every scenario of both versions (less the trials) under both; `withTrials` are compiled into each. */
export async function scenarioOutcomes(vOld: Version, vNew: Version, withTrials: ReadonlyMap<string, SourceInput>, own: { old: Compiled; new: Compiled }): Promise<ScenarioOutcomes> {
  const trialPaths = new Set([...withTrials.values()].map((f) => f.path));
  const suiteKeys = [...new Set([...vOld.files.keys(), ...vNew.files.keys()])].filter((k) => declaresScenarios(vOld.files.get(k) ?? vNew.files.get(k)!));
  const differing = suiteKeys.filter((k) => vOld.files.get(k)?.text !== vNew.files.get(k)?.text);
  const foreign = (from: Version) => new Map([...withTrials, ...differing.filter((k) => from.files.has(k)).map((k) => [k, from.files.get(k)!] as const)]);
  const outcomes = new Map<string, { title: string; file: string; old?: string; new?: string }>();
  /** Runs the program's scenarios (those of `only`'s files, when given) under `side`. */
  const record = async (side: "old" | "new", compiled: Compiled, only?: ReadonlySet<string>) => {
    const { bundle, scenarios } = await loadCompiled(compiled.program);
    for (const s of scenarios) {
      const file = s.location.replace(/:\d+:\d+$/, "");
      if (trialPaths.has(file) || (only && !only.has(file))) continue;
      const r = runScenario(bundle, s);
      const key = `${file}\u0000${s.title}`;
      const o = outcomes.get(key) ?? { title: s.title, file };
      o[side] = r.failures.length === 0 ? "passed" : `failed: ${r.failures[0]!.expectation}: ${r.failures[0]!.detail}`;
      outcomes.set(key, o);
    }
    for (const a of compiled.setAside) {
      const key = `${a.file}\u0000${a.title}`;
      const o = outcomes.get(key) ?? { title: a.title, file: a.file };
      o[side] = `does not compile: ${a.error}`;
      outcomes.set(key, o);
    }
  };
  await record("old", own.old);
  await record("new", own.new);
  if (differing.length) {
    // The other version's differing files compiled in: only their scenarios are new to this version.
    const pathsOf = (from: Version) => new Set(differing.flatMap((k) => (from.files.has(k) ? [from.files.get(k)!.path] : [])));
    await record("old", compileVersion(vOld, foreign(vNew)), pathsOf(vNew));
    await record("new", compileVersion(vNew, foreign(vOld)), pathsOf(vOld));
  }
  const changes = [...outcomes.values()]
    .map((o) => ({ title: o.title, file: o.file, old: o.old ?? "not run", new: o.new ?? "not run" }))
    .filter((o) => o.old !== o.new)
    .sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1));
  return { run: outcomes.size, changes };
}

export function parsedDecls(f: SourceInput): SourceFile["decls"] {
  return parse(f.text, f.path).file?.decls ?? [];
}

function declaresScenarios(f: SourceInput): boolean {
  return parsedDecls(f).some((d) => d.kind === "ScenarioDecl");
}
