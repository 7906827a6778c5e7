// Whole random two-player games (the demo decks, seeded random agents): games and decisions per
// second on one core, then the same on every core with worker threads (the scaling factor).
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { bundle, decks } from "../../generated/index.ts";
import { playGame } from "../../runtime/api.ts";

export interface GamesRun {
  readonly games: number;
  readonly decisions: number;
  readonly seconds: number;
}

/** Plays `count` games from seed `first` on this thread. */
export function playGames(first: number, count: number): GamesRun {
  const seated = [decks[0]!, decks[1]!];
  let decisions = 0;
  const start = performance.now();
  for (let i = 0; i < count; i++) decisions += playGame({ bundle, decks: seated, seed: first + i, fullLog: false, keepDecisions: false }).game.answers.length;
  return { games: count, decisions, seconds: (performance.now() - start) / 1000 };
}

export interface GamesResult {
  readonly gamesPerSecond: number;
  readonly decisionsPerSecond: number;
  readonly decisionsPerGame: number;
  readonly threads: number;
  readonly gamesPerSecondAllThreads: number;
  readonly scaling: number;
}

/** Games played before measuring: the JIT compiler keeps optimizing new paths of the rules for about
 *  the first 200 games (on the spare core, while one thread plays), so the figures are taken after. */
const WARM_UP_GAMES = 200;

export async function benchGames(bundleFile: string, quick: boolean): Promise<GamesResult> {
  const count = quick ? 4 : 300;
  const warm = quick ? 2 : WARM_UP_GAMES;
  playGames(100_000, warm);
  const one = playGames(1, count);
  const threads = availableParallelism();
  const runs = await playOnWorkers(bundleFile, threads, count, warm);
  const games = runs.reduce((n, r) => n + r.games, 0);
  const single = one.games / one.seconds;
  // Throughput over the workers' own playing time, which starts together on every thread (thread
  // start-up and warm-up are not game time).
  const multi = games / Math.max(...runs.map((r) => r.seconds));
  return {
    gamesPerSecond: Math.round(single * 10) / 10,
    decisionsPerSecond: Math.round(one.decisions / one.seconds),
    decisionsPerGame: Math.round(one.decisions / one.games),
    threads,
    gamesPerSecondAllThreads: Math.round(multi * 10) / 10,
    scaling: Number((multi / single).toFixed(2)),
  };
}

/** Each worker warms up, then waits until all have: the measured games run at the same time. */
async function playOnWorkers(bundleFile: string, threads: number, count: number, warm: number): Promise<GamesRun[]> {
  const workers = Array.from({ length: threads }, (_, i) => new Worker(bundleFile, { workerData: { first: 1 + i * count, count, warm } }));
  const message = (w: Worker): Promise<unknown> =>
    new Promise((resolve, reject) => {
      w.once("message", resolve);
      w.once("error", reject);
    });
  try {
    await Promise.all(workers.map(message)); // each says it is warm
    const runs = workers.map(message) as Promise<GamesRun>[];
    for (const w of workers) w.postMessage("go");
    return await Promise.all(runs);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
