// `l5r diff --behavior OLD NEW [--games N] [--duels N] [--seed S] [--agent A,B] [--threads N] [--shard
// i/n] [--out FILE] [--json]`: both versions compiled on their own and played side by side
// (compiler/diff/behaviour/): the scenarios whose outcome changes, then N seeded games and N seeded runs
// of each trial on every core, with where each diverging seed first parts and the totals under each
// version (how long it took goes to stderr).  `--out` writes the results as JSON, `--shard` plays the
// i-th of n blocks of the seeds, and `diff --behavior --merge FILES` prints what one run would have.
// Exit 0 when nothing behaves differently, 1 when something does, 2 on bad input.
import { behaviourRun, type BehaviourReport, type SeededRun } from "../diff/behaviour/index.ts";
import { mergeBehaviour, readBehaviour, reportOf, type BehaviourResults } from "../diff/behaviour/results.ts";
import type { SeedResult, StepAt } from "../diff/behaviour/seeded.ts";
import type { SeededRunOptions } from "../pool/shards.ts";
import { writeWhole } from "../pool/result-files.ts";
import { UsageError } from "../sources.ts";
import type { Output } from "./check.ts";
import { progressBar } from "./progress.ts";

export interface BehaviourCommand extends SeededRunOptions {
  readonly paths: readonly string[];
  readonly games: number | null;
  readonly duels: number | null;
  readonly seed: number;
}

/** Diverging seeds printed under each run (all of them go in --json). */
const SHOWN = 10;

export async function behaviour(opts: BehaviourCommand, io: Output, progressTo: NodeJS.WriteStream | null = null): Promise<number> {
  if (opts.paths.length !== 2) throw new UsageError("diff --behavior takes two versions: OLD NEW");
  const games = opts.games ?? 100;
  const duels = opts.duels ?? opts.games ?? 1000;
  if (games < 0 || duels < 0) throw new UsageError("--games and --duels take 0 or more");
  if (opts.shard && !opts.out) throw new UsageError("diff --behavior --shard writes JSON results: give --out FILE");
  const bar = progressBar(progressTo, "playing seeds");
  let run: Awaited<ReturnType<typeof behaviourRun>>;
  try {
    run = await behaviourRun({ oldPath: opts.paths[0]!, newPath: opts.paths[1]!, games, duels, seed: opts.seed, agents: opts.agents, ...(opts.threads ? { threads: opts.threads } : {}), ...(opts.shard ? { shard: opts.shard } : {}), ...(bar ? { onProgress: bar.update } : {}) });
  } finally {
    bar?.stop();
  }
  const code = emit(run.results, opts, io);
  io.err(`${run.threads} worker thread(s), ${run.seconds.toFixed(1)} s`);
  return code;
}

/** `l5r diff --behavior --merge FILES [--out FILE] [--json]`: the shards' results combined. */
export function mergeBehaviourFiles(files: readonly string[], opts: { out: string | null; json: boolean }, io: Output): number {
  return emit(mergeBehaviour(files.map((path) => ({ path, results: readBehaviour(path) }))), opts, io);
}

/** The results to --out; the report (of a whole run) on stdout, as text or JSON.  A shard's results
 *  are only part of a report: it says which part it played. */
function emit(results: BehaviourResults, opts: { out: string | null; json: boolean }, io: Output): number {
  if (opts.out) writeWhole(opts.out, JSON.stringify(results) + "\n");
  if (results.shard.of > 1) {
    io.out(`shard ${results.shard.index}/${results.shard.of} of ${results.setup.old} → ${results.setup.new}: ${results.runs.reduce((n, r) => n + r.length, 0)} seeds played${opts.out ? `, written to ${opts.out}` : ""} (l5r diff --behavior --merge makes the report)`);
    return 0;
  }
  const r = reportOf(results);
  if (opts.json) io.out(JSON.stringify(r));
  else for (const line of formatBehaviour(r)) io.out(line);
  const differs = r.scenarioChanges.length > 0 || r.runs.some((run) => run.diverging.length > 0);
  return differs ? 1 : 0;
}

const n = (x: number) => x.toLocaleString("en-US");
const pct = (x: number, of: number) => (of === 0 ? "-" : `${((100 * x) / of).toFixed(1)}%`);

export function formatBehaviour(r: BehaviourReport): string[] {
  const out: string[] = [`${r.old} → ${r.new}`];
  if (r.agents.some((a) => a !== "random")) out.push(`agents: ${r.agents.join(" vs ")}`);
  out.push(`scenarios: ${n(r.scenariosRun)} run under both versions, ${n(r.scenarioChanges.length)} with a different outcome`);
  for (const c of r.scenarioChanges) {
    out.push(`  ${c.file}: "${c.title}"`);
    out.push(`    ${r.old}: ${c.old}`);
    out.push(`    ${r.new}: ${c.new}`);
  }
  for (const run of r.runs) out.push(...formatRun(r, run));
  return out;
}

function formatRun(r: BehaviourReport, run: SeededRun): string[] {
  const count = run.seeds[1] - run.seeds[0] + 1;
  const out = [`${run.what === "games" ? "games" : `trial "${run.what}"`}: ${n(count)} seeds (${run.seeds[0]}-${run.seeds[1]}), ${n(run.diverging.length)} play differently, ${n(run.changedOutcomes)} end differently`];
  const width = Math.max(7, ...run.totals.map((t) => t.outcome.length));
  out.push(`  ${"outcome".padEnd(width)}  ${r.old.padStart(10)}  ${r.new.padStart(10)}  change`);
  for (const t of run.totals) {
    const d = t.new - t.old;
    const points = ((100 * d) / count).toFixed(1);
    out.push(`  ${t.outcome.padEnd(width)}  ${`${n(t.old)} (${pct(t.old, count)})`.padStart(10)}  ${`${n(t.new)} (${pct(t.new, count)})`.padStart(10)}  ${d >= 0 ? "+" : ""}${n(d)} (${d >= 0 ? "+" : ""}${points} points)`);
  }
  for (const s of run.diverging.slice(0, SHOWN)) out.push(...formatSeed(r, s));
  if (run.diverging.length > SHOWN) out.push(`  ... and ${n(run.diverging.length - SHOWN)} more diverging seeds (--json lists them all)`);
  return out;
}

/** A log entry in a line: its kind and fields ("move Rout#138 from focusPool:p1 to fateDeck:p1"). */
function describeEntry(at: StepAt): string {
  if (!at.entry) return "(none: the log ends here)";
  const { kind, ...fields } = at.entry;
  const text = `${kind} ${Object.entries(fields).map(([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`).join(", ")}`;
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

function formatSeed(r: BehaviourReport, s: SeedResult): string[] {
  const d = s.divergence!;
  const step = (label: string, at: StepAt, prompts: Readonly<Record<string, string>>) => {
    const where = at.frame ? `in ${at.frame}` : "outside any sequence";
    const decision = at.decision ? `${at.decision.player}: "${at.decision.prompt}" → ${at.decision.chose}${prompts[at.decision.prompt] ? ` (heading ${prompts[at.decision.prompt]})` : ""}` : "no further decision";
    return `      ${label}: ${where}, first different entry ${describeEntry(at)}; next decision ${decision}`;
  };
  return [`    seed ${s.seed}: parts at decision ${d.decision}; ${s.old === s.new ? `same outcome (${s.old})` : `${s.old} → ${s.new}`}`, step(r.old, d.old, r.prompts.old), step(r.new, d.new, r.prompts.new)];
}
