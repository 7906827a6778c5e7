// `l5r diff --behavior OLD NEW [--games N] [--duels N] [--seed S] [--json]`: both versions compiled on
// their own and played side by side (compiler/diff/behaviour/): the scenarios whose outcome changes,
// then N seeded games and N seeded runs of each trial on every core, with where each diverging seed
// first parts and the totals under each version.  Exit 0 when nothing behaves differently, 1 when
// something does, 2 on bad input.
import { behaviourDiff, type BehaviourReport, type SeededRun } from "../diff/behaviour/index.ts";
import type { SeedResult, StepAt } from "../diff/behaviour/seeded.ts";
import { UsageError } from "../sources.ts";
import type { Output } from "./check.ts";
import { progressBar } from "./progress.ts";

export interface BehaviourCommand {
  readonly paths: readonly string[];
  readonly games: number | null;
  readonly duels: number | null;
  readonly seed: number;
  readonly json: boolean;
}

/** Diverging seeds printed under each run (all of them go in --json). */
const SHOWN = 10;

export async function behaviour(opts: BehaviourCommand, io: Output, progressTo: NodeJS.WriteStream | null = null): Promise<number> {
  if (opts.paths.length !== 2) throw new UsageError("diff --behavior takes two versions: OLD NEW");
  const games = opts.games ?? 100;
  const duels = opts.duels ?? opts.games ?? 1000;
  if (games < 0 || duels < 0) throw new UsageError("--games and --duels take 0 or more");
  const bar = progressBar(progressTo, "playing seeds");
  let r: BehaviourReport;
  try {
    r = await behaviourDiff({ oldPath: opts.paths[0]!, newPath: opts.paths[1]!, games, duels, seed: opts.seed, onProgress: bar?.update });
  } finally {
    bar?.stop();
  }
  if (opts.json) io.out(JSON.stringify(r));
  else for (const line of formatBehaviour(r)) io.out(line);
  const differs = r.scenarioChanges.length > 0 || r.runs.some((run) => run.diverging.length > 0);
  return differs ? 1 : 0;
}

const n = (x: number) => x.toLocaleString("en-US");
const pct = (x: number, of: number) => (of === 0 ? "-" : `${((100 * x) / of).toFixed(1)}%`);

export function formatBehaviour(r: BehaviourReport): string[] {
  const out: string[] = [`${r.old} → ${r.new}`];
  out.push(`scenarios: ${n(r.scenariosRun)} run under both versions, ${n(r.scenarioChanges.length)} with a different outcome`);
  for (const c of r.scenarioChanges) {
    out.push(`  ${c.file}: "${c.title}"`);
    out.push(`    ${r.old}: ${c.old}`);
    out.push(`    ${r.new}: ${c.new}`);
  }
  for (const run of r.runs) out.push(...formatRun(r, run));
  out.push(`${r.threads} worker thread(s), ${r.seconds.toFixed(1)} s`);
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
