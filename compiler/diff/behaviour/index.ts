// The behavioural diff of two versions of the rules: each compiled on its own and loaded side by side;
// both versions' scenarios run under both (a scenario whose outcome changes is listed); then N seeded
// games and N seeded runs of each trial (rules/errata/trials.l5r) played under both on every core
// (a tinypool of workers), with the first step where each diverging seed parts and the totals.
import { availableParallelism } from "node:os";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Tinypool from "tinypool";
import { parse, type SourceFile } from "../../../grammar/index.ts";
import type { SourceInput } from "../../compile.ts";
import { eachNode } from "../../tree.ts";
import { loadCompiled, writeCompiled } from "../../commands/test.ts";
import { chooseDecks } from "../../commands/play.ts";
import { runScenario, type DeckSpec } from "../../../runtime/api.ts";
import { compileVersion, trialsFile, versionOf, type Version } from "./programs.ts";
import type { SeedResult } from "./seeded.ts";
import type { Task, WorkerSetup } from "./worker-task.ts";

export interface BehaviourOptions {
  readonly oldPath: string;
  readonly newPath: string;
  readonly games: number;
  readonly duels: number;
  readonly seed: number;
  readonly threads?: number;
  /** Told how many seeds of all the runs have been played, of how many (a progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ScenarioChange {
  readonly title: string;
  readonly file: string;
  /** "passed", "failed: <expectation>: <detail>", "does not compile: <first error>". */
  readonly old: string;
  readonly new: string;
}

export interface SeededRun {
  /** "games", or the trial's title. */
  readonly what: string;
  readonly seeds: readonly [number, number];
  readonly totals: readonly { outcome: string; old: number; new: number }[];
  readonly changedOutcomes: number;
  readonly diverging: readonly SeedResult[];
}

export interface BehaviourReport {
  readonly old: string;
  readonly new: string;
  readonly scenariosRun: number;
  readonly scenarioChanges: readonly ScenarioChange[];
  readonly runs: readonly SeededRun[];
  /** Where each decision prompt is put, per version ('duel C "Focus or strike"'). */
  readonly prompts: { readonly old: Readonly<Record<string, string>>; readonly new: Readonly<Record<string, string>> };
  readonly threads: number;
  readonly seconds: number;
}

const TRIALS_KEY = "errata/trials.l5r";
const CHUNK = 50;

export async function behaviourDiff(opts: BehaviourOptions): Promise<BehaviourReport> {
  const started = performance.now();
  const vOld = versionOf(opts.oldPath);
  const vNew = versionOf(opts.newPath);
  const trials = trialsFile();
  const withTrials = new Map([[TRIALS_KEY, trials]]);

  // Scenario files either version has and the other has differently: each runs under both.
  const suiteKeys = [...new Set([...vOld.files.keys(), ...vNew.files.keys()])].filter((k) => declaresScenarios(vOld.files.get(k) ?? vNew.files.get(k)!));
  const differing = suiteKeys.filter((k) => vOld.files.get(k)?.text !== vNew.files.get(k)?.text);
  const foreign = (from: Version) => new Map([...withTrials, ...differing.filter((k) => from.files.has(k)).map((k) => [k, from.files.get(k)!] as const)]);
  const oldOwn = compileVersion(vOld, withTrials);
  const newOwn = compileVersion(vNew, withTrials);
  const outcomes = new Map<string, { title: string; file: string; old?: string; new?: string }>();
  const record = async (side: "old" | "new", compiled: ReturnType<typeof compileVersion>) => {
    const loaded = await loadCompiled(compiled.program);
    const { bundle, scenarios } = loaded;
    for (const s of scenarios) {
      const file = s.location.replace(/:\d+:\d+$/, "");
      if (file === trials.path) continue;
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
    return loaded as unknown as { decks: readonly DeckSpec[] };
  };
  const { decks: declaredDecks } = await record("old", oldOwn);
  await record("new", newOwn);
  if (differing.length) {
    await record("old", compileVersion(vOld, foreign(vNew)));
    await record("new", compileVersion(vNew, foreign(vOld)));
  }
  const scenarioChanges = [...outcomes.values()]
    .map((o) => ({ title: o.title, file: o.file, old: o.old ?? "not run", new: o.new ?? "not run" }))
    .filter((o) => o.old !== o.new)
    .sort((a, b) => (a.file === b.file ? 0 : a.file < b.file ? -1 : 1));

  // Seeded games and trials on every core.
  const oldDir = writeCompiled(oldOwn.program);
  const newDir = writeCompiled(newOwn.program);
  const threads = Math.max(1, opts.threads ?? availableParallelism());
  const runs: SeededRun[] = [];
  try {
    const decks = chooseDecks(declaredDecks, null, null).map((d) => d.title);
    const trialTitles = parsedDecls(trials).filter((d) => d.kind === "ScenarioDecl").map((d) => (d as { title: { text: string } }).title.text);
    const setup: WorkerSetup = { oldDir, newDir, decks };
    const pool = new Tinypool({ filename: fileURLToPath(new URL("./worker.mjs", import.meta.url)), workerData: setup, minThreads: threads, maxThreads: threads });
    try {
      const plan: { what: string; count: number }[] = [...(opts.games > 0 ? [{ what: "game", count: opts.games }] : []), ...(opts.duels > 0 ? trialTitles.map((t) => ({ what: t, count: opts.duels })) : [])];
      const total = plan.reduce((n, p) => n + p.count, 0);
      let done = 0;
      opts.onProgress?.(0, total);
      for (const { what, count } of plan) {
        const tasks: Promise<SeedResult[]>[] = [];
        for (let from = 0; from < count; from += CHUNK) {
          const seeds = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => opts.seed + from + i);
          const task = pool.run({ what, seeds } satisfies Task) as Promise<SeedResult[]>;
          tasks.push(task.then((r) => (opts.onProgress?.((done += seeds.length), total), r)));
        }
        const results = (await Promise.all(tasks)).flat();
        runs.push(summarise(what === "game" ? "games" : what, [opts.seed, opts.seed + count - 1], results));
      }
    } finally {
      await pool.destroy();
    }
  } finally {
    rmSync(oldDir, { recursive: true, force: true });
    rmSync(newDir, { recursive: true, force: true });
  }
  const scenariosRun = outcomes.size;
  return {
    old: vOld.label,
    new: vNew.label,
    scenariosRun,
    scenarioChanges,
    runs,
    prompts: { old: promptPlaces(vOld), new: promptPlaces(vNew) },
    threads,
    seconds: (performance.now() - started) / 1000,
  };
}

function summarise(what: string, seeds: [number, number], results: readonly SeedResult[]): SeededRun {
  const totals = new Map<string, { outcome: string; old: number; new: number }>();
  const bump = (outcome: string, side: "old" | "new") => {
    const t = totals.get(outcome) ?? { outcome, old: 0, new: 0 };
    t[side]++;
    totals.set(outcome, t);
  };
  for (const r of results) {
    bump(r.old, "old");
    bump(r.new, "new");
  }
  return {
    what,
    seeds,
    totals: [...totals.values()].sort((a, b) => b.old + b.new - (a.old + a.new)),
    changedOutcomes: results.filter((r) => r.old !== r.new).length,
    diverging: results.filter((r) => r.divergence !== null).sort((a, b) => a.seed - b.seed),
  };
}

function parsedDecls(f: SourceInput): SourceFile["decls"] {
  return parse(f.text, f.path).file?.decls ?? [];
}

function declaresScenarios(f: SourceInput): boolean {
  return parsedDecls(f).some((d) => d.kind === "ScenarioDecl");
}

/** Each decision prompt of a version's sequences, with the heading that puts it. */
function promptPlaces(v: Version): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of v.files.values()) {
    for (const d of parsedDecls(f)) {
      if (d.kind !== "SequenceDecl") continue;
      for (const h of d.headings) {
        const where = `${d.name.text} ${h.label ? `${h.label.text} ` : ""}"${h.title.text}"`;
        eachNode(h.body, (n) => {
          const prompt = (n as { prompt?: { kind?: string; text?: string } }).prompt ?? (n as { orderPrompt?: { kind?: string; text?: string } | null }).orderPrompt;
          if (prompt?.kind === "PhraseText" && prompt.text && !(prompt.text in out)) out[prompt.text] = where;
        });
      }
    }
  }
  return out;
}
