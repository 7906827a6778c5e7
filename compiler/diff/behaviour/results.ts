// What a behavioural diff keeps of a run or a shard of one (the JSON `--out` writes), the report made
// from it, and `--merge`: the shards of one run combined into exactly the report the run would give.
import type { AgentName } from "../../../runtime/api.ts";
import { inShardOrder, WHOLE, type Shard } from "../../pool/shards.ts";
import { readResultFile } from "../../pool/result-files.ts";
import type { SeedResult } from "./seeded.ts";
import type { ScenarioChange, ScenarioOutcomes } from "./scenarios.ts";

export const BEHAVIOUR_KIND = "l5r diff --behavior results";
export const BEHAVIOUR_VERSION = 1;

export interface BehaviourSetup {
  readonly old: string;
  readonly new: string;
  /** Digests of each version's sources. */
  readonly rules: { readonly old: string; readonly new: string };
  readonly seed: number;
  readonly agents: readonly AgentName[];
  /** Each seeded run and its number of seeds (from `seed`): "game", then each trial's title. */
  readonly plan: readonly { readonly what: string; readonly count: number }[];
}

export interface BehaviourResults {
  readonly kind: typeof BEHAVIOUR_KIND;
  readonly version: typeof BEHAVIOUR_VERSION;
  readonly setup: BehaviourSetup;
  readonly shard: Shard;
  /** The scenarios under both versions (the first shard runs them; the others have none). */
  readonly scenarios: ScenarioOutcomes | null;
  /** Where each decision prompt is put, per version ('duel C "Focus or strike"'). */
  readonly prompts: { readonly old: Readonly<Record<string, string>>; readonly new: Readonly<Record<string, string>> };
  /** The shard's seeds of each run of the plan, in order. */
  readonly runs: readonly (readonly SeedResult[])[];
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
  readonly agents: readonly AgentName[];
  readonly scenariosRun: number;
  readonly scenarioChanges: readonly ScenarioChange[];
  readonly runs: readonly SeededRun[];
  readonly prompts: BehaviourResults["prompts"];
}

/** The report of a whole run (or of its shards merged). */
export function reportOf(r: BehaviourResults): BehaviourReport {
  return {
    old: r.setup.old,
    new: r.setup.new,
    agents: r.setup.agents,
    scenariosRun: r.scenarios?.run ?? 0,
    scenarioChanges: r.scenarios?.changes ?? [],
    runs: r.setup.plan.map((p, i) => summarise(p.what === "game" ? "games" : p.what, [r.setup.seed, r.setup.seed + p.count - 1], r.runs[i] ?? [])),
    prompts: r.prompts,
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
    // The commonest first; equal ones by name, whatever order the seeds came in.
    totals: [...totals.values()].sort((a, b) => b.old + b.new - (a.old + a.new) || (a.outcome < b.outcome ? -1 : 1)),
    changedOutcomes: results.filter((r) => r.old !== r.new).length,
    diverging: results.filter((r) => r.divergence !== null).sort((a, b) => a.seed - b.seed),
  };
}

export function readBehaviour(path: string): BehaviourResults {
  return readResultFile<BehaviourResults>(path, BEHAVIOUR_KIND, BEHAVIOUR_VERSION, "l5r diff --behavior --out", ["setup", "shard", "prompts", "runs"]);
}

/** The shards of one run combined (checked to make it up: `inShardOrder`). */
export function mergeBehaviour(files: readonly { path: string; results: BehaviourResults }[]): BehaviourResults {
  const seedsOf = (r: BehaviourResults) => r.setup.plan.map((p, i) => ({ what: p.what === "game" ? "seeds of games" : `seeds of "${p.what}"`, first: r.setup.seed, count: p.count, seeds: (r.runs[i] ?? []).map((s) => s.seed) }));
  const ordered = inShardOrder(files, seedsOf);
  const first = ordered[0]!;
  return { ...first, shard: WHOLE, runs: first.setup.plan.map((_, i) => ordered.flatMap((r) => r.runs[i] ?? [])) };
}
