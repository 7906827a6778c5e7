// What `l5r games` keeps of a run or a shard of one (the JSON `--out` writes), what it prints, and
// `--merge`: shards of one run combined into exactly what the run would have printed.
import { UsageError } from "../sources.ts";
import { readResultFile } from "../pool/result-files.ts";
import type { GameRecord, GamesSetup } from "./record.ts";
import { inShardOrder, WHOLE, type Shard } from "../pool/shards.ts";

export const RESULTS_KIND = "l5r games results";
export const RESULTS_VERSION = 1;

export interface GamesResults {
  readonly kind: typeof RESULTS_KIND;
  readonly version: typeof RESULTS_VERSION;
  readonly setup: GamesSetup;
  readonly shard: Shard;
  /** Every game of the shard, by seed. */
  readonly games: readonly GameRecord[];
}

export function resultsOf(setup: GamesSetup, shard: Shard, games: readonly GameRecord[]): GamesResults {
  return { kind: RESULTS_KIND, version: RESULTS_VERSION, setup, shard, games };
}

/** Problems printed under the totals (every one is in the JSON). */
const SHOWN = 10;

/** What a run prints (to stdout): the same for one run and for its shards merged.  How long it took
 *  goes to stderr, not here. */
export function summaryLines(setup: GamesSetup, games: readonly GameRecord[]): string[] {
  const out: string[] = [];
  const first = games[0]?.seed ?? setup.seed;
  const last = games[games.length - 1]?.seed ?? setup.seed - 1;
  const everyRandom = setup.agents.every((a) => a === "random");
  const seats = setup.players.map((p, i) => (everyRandom ? p : `${p} (${setup.agents[i]})`));
  out.push(`${count(games.length, "game")} (seeds ${first}-${last}), ${seats.join(" vs ")}:`);
  const outcomes = new Map<string, number>();
  for (const g of games) outcomes.set(g.outcome, (outcomes.get(g.outcome) ?? 0) + 1);
  // Most frequent first; equal counts in the order of their names (whatever order the games came in).
  for (const [k, n] of [...outcomes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) out.push(`  ${k}: ${n}`);
  const won = (p: string) => games.filter((g) => g.winner === p).length;
  const undecided = games.filter((g) => g.winner === null).length;
  out.push(`won: ${setup.players.map((p) => `${p} ${won(p)} (${pct(won(p), games.length)})`).join(", ")}; no winner: ${undecided}`);
  const problems = games.filter((g) => g.problem !== null);
  out.push(`every card in exactly one place at every step, and every replay identical: ${problems.length === 0 ? "yes" : "NO"}`);
  for (const p of problems.slice(0, SHOWN)) out.push(`  seed ${p.seed}: ${p.problem}`);
  if (problems.length > SHOWN) out.push(`  ... and ${problems.length - SHOWN} more (the JSON results list them all)`);
  if (setup.hostile) out.push(`illegal answers rejected (the games went on): ${sum(games, (g) => g.rejected)}`);
  const decisions = sum(games, (g) => g.decisions);
  out.push(`${decisions} decisions (${games.length ? (decisions / games.length).toFixed(1) : "0"} a game)`);
  const refused = games.filter((g) => g.outcome.startsWith("refused: ")).length;
  if (refused) out.push(`decks refused: ${refused} game(s) were not played`);
  return out;
}

/** Exit 1 when a game failed or a deck was refused, as one run. */
export function failed(games: readonly GameRecord[]): boolean {
  return games.some((g) => g.problem !== null || g.outcome.startsWith("refused: "));
}

const sum = (games: readonly GameRecord[], f: (g: GameRecord) => number) => games.reduce((n, g) => n + f(g), 0);
const pct = (x: number, of: number) => (of === 0 ? "-" : `${((100 * x) / of).toFixed(1)}%`);
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** A results file as written by `--out`; a one-line usage error otherwise. */
export function readResults(path: string): GamesResults {
  const r = readResultFile<GamesResults>(path, RESULTS_KIND, RESULTS_VERSION, "l5r games --out", ["setup", "shard", "games"]);
  if (!Array.isArray(r.games)) throw new UsageError(`${path} lacks its games`);
  return r;
}

/** The shards of one run combined (checked to make it up: `inShardOrder`), in the order of the seeds. */
export function mergeResults(files: readonly { path: string; results: GamesResults }[]): GamesResults {
  const ordered = inShardOrder(files, (r) => [{ what: "games", first: r.setup.seed, count: r.setup.count, seeds: r.games.map((g) => g.seed) }]);
  return resultsOf(ordered[0]!.setup, WHOLE, ordered.flatMap((r) => r.games));
}
