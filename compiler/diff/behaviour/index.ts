// The behavioural diff of two versions of the rules: each compiled on its own and loaded side by side;
// both versions' scenarios run under both (a scenario whose outcome changes is listed); then N seeded
// games and N seeded runs of each trial (rules/errata/trials.l5r) played under both on every core
// (the worker pool of compiler/pool/), with the first step where each diverging seed parts and the
// totals.  `shard` plays only the i-th of n blocks of every run's seeds (the first shard also runs the
// scenarios), for results merged later (./results.ts).
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { writeCompiled, loadCompiled } from "../../commands/test.ts";
import { chooseDecks } from "../../commands/play.ts";
import type { AgentName, DeckSpec } from "../../../runtime/api.ts";
import { defaultThreads, runOnPool } from "../../pool/run.ts";
import { shardSeeds, WHOLE, type Shard } from "../../pool/shards.ts";
import { eachNode } from "../../tree.ts";
import { compileVersion, trialsFile, versionOf, type Version } from "./programs.ts";
import { parsedDecls, scenarioOutcomes } from "./scenarios.ts";
import { BEHAVIOUR_KIND, BEHAVIOUR_VERSION, reportOf, type BehaviourReport, type BehaviourResults } from "./results.ts";
import type { SeedResult } from "./seeded.ts";
import type { Task, WorkerSetup } from "./worker-task.ts";

export type { BehaviourReport, SeededRun } from "./results.ts";
export type { ScenarioChange } from "./scenarios.ts";

export interface BehaviourOptions {
  readonly oldPath: string;
  readonly newPath: string;
  readonly games: number;
  readonly duels: number;
  readonly seed: number;
  readonly threads?: number;
  /** Each seat's agent in the games and trials, repeated to seat every player (default: random). */
  readonly agents?: readonly AgentName[] | null;
  readonly shard?: Shard;
  /** Told how many seeds of all the runs have been played, of how many (a progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface Timing {
  readonly threads: number;
  readonly seconds: number;
}

const TRIALS_KEY = "errata/trials.l5r";
const CHUNK = 50;

/** The whole diff, as its report. */
export async function behaviourDiff(opts: BehaviourOptions): Promise<BehaviourReport & Timing> {
  const { results, threads, seconds } = await behaviourRun({ ...opts, shard: WHOLE });
  return { ...reportOf(results), threads, seconds };
}

/** The diff's results (of one shard, with `shard`). */
export async function behaviourRun(opts: BehaviourOptions): Promise<{ results: BehaviourResults } & Timing> {
  const started = performance.now();
  const shard = opts.shard ?? WHOLE;
  const vOld = versionOf(opts.oldPath);
  const vNew = versionOf(opts.newPath);
  const trials = trialsFile();
  const withTrials = new Map([[TRIALS_KEY, trials]]);
  const own = { old: compileVersion(vOld, withTrials), new: compileVersion(vNew, withTrials) };
  const scenarios = shard.index === 1 ? await scenarioOutcomes(vOld, vNew, withTrials, own) : null;
  const { decks: declared } = (await loadCompiled(own.old.program)) as unknown as { decks: readonly DeckSpec[] };
  const decks = chooseDecks(declared, null, null).map((d) => d.title);
  const agents = (opts.agents?.length ? opts.agents : ["random"]) as readonly AgentName[];
  const trialTitles = parsedDecls(trials).filter((d) => d.kind === "ScenarioDecl").map((d) => (d as { title: { text: string } }).title.text);
  const plan = [...(opts.games > 0 ? [{ what: "game", count: opts.games }] : []), ...(opts.duels > 0 ? trialTitles.map((t) => ({ what: t, count: opts.duels })) : [])];

  // This shard's seeds of every run, on every core.
  const blocks = plan.map((p) => shardSeeds(opts.seed, p.count, shard));
  const tasks: Task[] = [];
  blocks.forEach((b, run) => {
    for (let from = 0; from < b.count; from += CHUNK) {
      tasks.push({ run, what: plan[run]!.what, seeds: Array.from({ length: Math.min(CHUNK, b.count - from) }, (_, i) => b.first + from + i) });
    }
  });
  const threads = Math.max(1, Math.min(opts.threads ?? defaultThreads(), tasks.length));
  const oldDir = writeCompiled(own.old.program);
  const newDir = writeCompiled(own.new.program);
  const runs: SeedResult[][] = plan.map(() => []);
  try {
    const setup: WorkerSetup = { oldDir, newDir, decks, agents };
    const results = await runOnPool<Task, SeedResult[]>({ module: new URL("./worker-task.ts", import.meta.url), data: setup, tasks, threads, weight: (t) => t.seeds.length, ...(opts.onProgress ? { onDone: opts.onProgress } : {}) });
    results.forEach((r, i) => runs[tasks[i]!.run]!.push(...r));
  } finally {
    rmSync(oldDir, { recursive: true, force: true });
    rmSync(newDir, { recursive: true, force: true });
  }
  const results: BehaviourResults = {
    kind: BEHAVIOUR_KIND,
    version: BEHAVIOUR_VERSION,
    setup: { old: vOld.label, new: vNew.label, rules: { old: digestOf(vOld), new: digestOf(vNew) }, seed: opts.seed, agents, plan },
    shard,
    scenarios,
    prompts: { old: promptPlaces(vOld), new: promptPlaces(vNew) },
    runs,
  };
  return { results, threads, seconds: (performance.now() - started) / 1000 };
}

/** A digest of a version's sources (their texts). */
function digestOf(v: Version): string {
  const h = createHash("sha256");
  for (const text of [...v.files.values()].map((f) => f.text).sort()) h.update(`${text}\u0000`);
  return h.digest("hex").slice(0, 16);
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
