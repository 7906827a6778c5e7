// `l5r test [paths]`: compiles the rules with the given files and runs their scenarios, printing
// each failure with its scenario and expectation and ending with `N passed, N failed`.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { emitProgram } from "../codegen/emit.ts";
import { projectRoot } from "../sources.ts";
import type { RulesBundle, ScenarioDef, ScenarioResult } from "../../runtime/api.ts";
import { checkPaths, type Checked, type Output } from "./check.ts";
import { compileCardScenarios } from "../corpus/card-scenarios.ts";
import { expandPath, readSource } from "../sources.ts";
import { formatDiagnostic } from "../diagnostics.ts";

interface LoadedProgram {
  readonly bundle: RulesBundle;
  readonly scenarios: readonly ScenarioDef[];
}

/** Programs already loaded in this process: a compile of unchanged sources gives the same program
 *  (compiler/compile.ts), and its generated code holds no state of its own, so it is loaded once. */
const loadedPrograms = new WeakMap<object, Promise<LoadedProgram>>();

/** Compiles to a temporary folder and loads it: the scenarios run on freshly generated code. */
export function loadCompiled(program: NonNullable<ReturnType<typeof checkPaths>["result"]["program"]>): Promise<LoadedProgram> {
  let loading = loadedPrograms.get(program);
  if (!loading) {
    loading = importCompiled(program);
    loadedPrograms.set(program, loading);
    loading.catch(() => loadedPrograms.delete(program));
  }
  return loading;
}

async function importCompiled(program: NonNullable<ReturnType<typeof checkPaths>["result"]["program"]>): Promise<LoadedProgram> {
  const dir = writeCompiled(program);
  try {
    return (await import(pathToFileURL(join(dir, "index.ts")).href)) as LoadedProgram;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The program's generated files in a new temporary folder (the caller removes it), importing the
 *  project's runtime; its entry is `index.ts`. */
export function writeCompiled(program: NonNullable<ReturnType<typeof checkPaths>["result"]["program"]>): string {
  const dir = mkdtempSync(join(tmpdir(), "l5r-test-"));
  const runtimeModule = pathToFileURL(join(projectRoot, "runtime", "api.ts")).href;
  // ES modules, like the project: a CommonJS reading would load a second copy of the runtime.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  for (const f of emitProgram(program, { runtimeModule })) {
    const target = join(dir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.text);
  }
  return dir;
}

/**
 * `--corpus ORACLE.json`: the scenarios of `paths` play real cards, named by title, imported from the
 * Oracle's records now; they are compiled with the rules (less the demo set, whose titles real cards may
 * share) as `check` would compile them.
 */
function checkWithCorpus(paths: readonly string[], corpus: string, io: Output, json: boolean): Checked {
  const files = paths.flatMap((p) => expandPath(p)).map((p) => readSource(p));
  const { result, missing } = compileCardScenarios(corpus, files);
  const requested = new Set(files.map((f) => f.path));
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (!json) for (const d of errors) io.out(formatDiagnostic(d, (f) => result.lines.get(f) ?? null));
  for (const t of missing) io.out(`no card of ${corpus} is titled "${t}"`);
  const failed = errors.length > 0 || missing.length > 0;
  return { result, inputs: files, exit: failed ? 1 : 0, requested, report: () => ({ files: requested.size, errors: errors.length, warnings: 0, diagnostics: [] }) };
}

/** What the players were asked, so an author can see where the script and the game parted (the last ones). */
function printDecisions(decisions: readonly string[], io: Output): void {
  if (decisions.length === 0) {
    io.out("  no decision was put to a player (a choice with one option is made without asking)");
    return;
  }
  const shown = decisions.slice(-MAX_DECISIONS_SHOWN);
  io.out(`  decisions put to players${decisions.length > shown.length ? ` (the last ${shown.length} of ${decisions.length})` : ""}:`);
  for (const line of shown) io.out(`    ${line}`);
}

const MAX_DECISIONS_SHOWN = 30;

/** `match`: run only the scenarios whose titles contain it (case ignored).  `json`: print one object:
 *  the results and the check's diagnostics, or what `check --json` prints when the program does not
 *  compile. */
export async function test(paths: readonly string[], io: Output, match: string | null = null, json = false, corpus: string | null = null): Promise<number> {
  // Printed as `check` prints them, unless the results are one JSON object (which carries them).
  const { result, exit, requested, report } = corpus !== null ? checkWithCorpus(paths, corpus, io, json) : checkPaths(paths.length ? paths : ["rules"], { out: io.out, err: () => {} }, { quiet: json });
  if (exit !== 0 || !result.program) {
    if (json) io.out(JSON.stringify(report()));
    return 1;
  }
  const diagnostics = json ? report().diagnostics : [];
  const { bundle, scenarios } = await loadCompiled(result.program);
  const { runScenario } = await import("../../runtime/api.ts");
  const wanted = match?.toLowerCase() ?? null;
  const chosen = scenarios.filter((s) => requested.has(s.location.replace(/:\d+:\d+$/, "")) && (wanted === null || s.title.toLowerCase().includes(wanted)));
  if (match !== null && chosen.length === 0) {
    if (json) io.out(JSON.stringify({ passed: 0, failed: 0, scenarios: [], diagnostics }));
    (json ? io.err : io.out)(`no scenario's title contains "${match}"`);
    return 1;
  }
  let passed = 0;
  const failures: ScenarioResult[] = [];
  const results: ScenarioResult[] = [];
  for (const s of chosen) {
    const r = runScenario(bundle, s);
    results.push(r);
    if (r.failures.length === 0) passed++;
    else failures.push(r);
  }
  if (json) {
    const scenarios = results.map((r) => ({ title: r.title, location: r.location, passed: r.failures.length === 0, failures: r.failures, decisions: r.decisionsPut }));
    io.out(JSON.stringify({ passed, failed: failures.length, scenarios, diagnostics }));
    return failures.length > 0 ? 1 : 0;
  }
  for (const r of failures) {
    io.out(`FAIL ${r.title} (${r.location})`);
    for (const f of r.failures) io.out(`  expected ${f.expectation}: ${f.detail}`);
    printDecisions(r.decisionsPut, io);
  }
  io.out(`${passed} passed, ${failures.length} failed`);
  return failures.length > 0 ? 1 : 0;
}
