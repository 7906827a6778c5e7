// `l5r games [paths] [--count N] [--seed S] [--decks "A,B"] [--players N] [--agent ...] [--hostile]
// [--threads N] [--shard i/n] [--out FILE] [--json]`: plays N seeded games between declared decks,
// checking at every step that each card is in exactly one place, and replays each from its seed and
// answers to compare the logs; on every core (a tinypool of worker threads) with a progress bar.
// Prints how the games ended (how long it took goes to stderr, so that the output is the same however
// the games were shared out); `--out`/`--json` give each game's result as JSON, and `--shard i/n` plays
// only the i-th of n blocks of the seeds.  `l5r games --merge FILES` prints what one run would have
// printed from the shards' files.  Exit 1 when any game threw, did not end, replayed differently, or a
// deck was refused (as `l5r play`).
import { rmSync } from "node:fs";
import { playerNames, type AgentName, type DeckSpec } from "../../runtime/api.ts";
import { UsageError } from "../sources.ts";
import type { Output } from "./check.ts";
import { chooseDecks, loadRulesAndDecks, type LoadedRules } from "./play.ts";
import { progressBar, type Progress } from "./progress.ts";
import { writeCompiled } from "./test.ts";
import { defaultThreads, runOnPool } from "../pool/run.ts";
import { writeWhole } from "../pool/result-files.ts";
import { playSeed, type GameRecord, type GamesSetup } from "../games/record.ts";
import { failed, mergeResults, readResults, resultsOf, summaryLines, type GamesResults } from "../games/results.ts";
import { shardSeeds, WHOLE, type SeededRunOptions } from "../pool/shards.ts";
import type { GamesWorkerData } from "../games/worker-task.ts";

export interface GamesOptions extends SeededRunOptions {
  readonly paths: readonly string[];
  readonly count: number;
  readonly seed: number;
  readonly decks: readonly string[] | null;
  readonly players: number | null;
  /** Players who also answer illegally (the game must reject every such answer and go on). */
  readonly hostile: boolean;
}

/** Seeds a worker is handed at a time at most (a smooth progress bar, and little to wait for at the end);
 *  a short run is cut finer, so that every thread has some. */
const CHUNK = 20;

export async function games(opts: GamesOptions, io: Output, progressTo: NodeJS.WriteStream | null = null): Promise<number> {
  if (opts.shard && !opts.out && !opts.json) throw new UsageError("--shard writes JSON results: give --out FILE or --json");
  const loaded = await loadRulesAndDecks(opts.paths, io);
  if (!loaded) return 1;
  const seated = chooseDecks(loaded.decks, opts.decks, opts.players);
  const names = (opts.agents ?? ["random"]) as readonly AgentName[];
  const setup: GamesSetup = {
    rules: loaded.digest,
    decks: seated.map((d) => d.title),
    players: playerNames(seated),
    agents: seated.map((_, i) => names[i % names.length]!),
    hostile: opts.hostile,
    seed: opts.seed,
    count: opts.count,
  };
  const shard = opts.shard ?? WHOLE;
  const block = shardSeeds(opts.seed, opts.count, shard);
  const seeds = Array.from({ length: block.count }, (_, i) => block.first + i);
  const started = performance.now();
  const bar = progressBar(progressTo, "games");
  let played: { records: GameRecord[]; threads: number };
  try {
    played = await playAll(loaded, seated, setup, seeds, Math.max(1, opts.threads ?? defaultThreads()), bar);
  } finally {
    bar?.stop();
  }
  const { records, threads } = played;
  const seconds = (performance.now() - started) / 1000;
  emit(resultsOf(setup, shard, records), opts, io);
  io.err(`${records.length} games played and replayed in ${seconds.toFixed(1)} s on ${threads} thread${threads === 1 ? "" : "s"} (${(records.length / seconds).toFixed(1)} games/s)`);
  return failed(records) ? 1 : 0;
}

/** Every seed played on up to `wanted` threads: on this one when one is enough, else on the pool's
 *  workers, which load the rules compiled into a folder of their own. */
async function playAll(loaded: LoadedRules, seated: readonly DeckSpec[], setup: GamesSetup, seeds: readonly number[], wanted: number, bar: Progress | null): Promise<{ records: GameRecord[]; threads: number }> {
  const size = Math.max(1, Math.min(CHUNK, Math.ceil(seeds.length / (wanted * 4))));
  const chunks: number[][] = [];
  for (let i = 0; i < seeds.length; i += size) chunks.push(seeds.slice(i, i + size));
  const threads = Math.max(1, Math.min(wanted, chunks.length));
  if (threads === 1) {
    const records: GameRecord[] = [];
    for (const seed of seeds) {
      bar?.update(records.length, seeds.length);
      records.push(playSeed(loaded.bundle, seated, setup, seed));
    }
    return { records, threads };
  }
  const dir = writeCompiled(loaded.program);
  try {
    const data: GamesWorkerData = { dir, setup };
    const done = await runOnPool<number[], GameRecord[]>({ module: new URL("../games/worker-task.ts", import.meta.url), data, tasks: chunks, threads, weight: (c) => c.length, onDone: (n, total) => bar?.update(n, total) });
    return { records: done.flat(), threads };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `l5r games --merge FILES [--out FILE] [--json]`: the shards' results combined. */
export function mergeGames(files: readonly string[], opts: { out: string | null; json: boolean }, io: Output): number {
  const merged = mergeResults(files.map((path) => ({ path, results: readResults(path) })));
  emit(merged, opts, io);
  return failed(merged.games) ? 1 : 0;
}

/** The totals on stdout (or the JSON results with --json), and the JSON results to --out. */
function emit(results: GamesResults, opts: { out: string | null; json: boolean }, io: Output): void {
  const json = JSON.stringify(results);
  if (opts.out) writeWhole(opts.out, json + "\n");
  if (opts.json) io.out(json);
  else for (const line of summaryLines(results.setup, results.games)) io.out(line);
}
