// `l5r games` through its worker pool: the command as a user runs it (every game played, checked at
// every step and replayed), on one thread and on every core.  Its own report on stderr says how fast it
// went, worker start-up included.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { join } from "node:path";

export interface PoolResult {
  readonly games: number;
  readonly threads: number;
  /** Games played, checked and replayed a second, on one thread and through the pool. */
  readonly gamesPerSecondOneThread: number;
  readonly gamesPerSecond: number;
  readonly scaling: number;
}

/** The games a second `l5r games` reports ("... in 12.3 s on 2 threads (16.3 games/s)"). */
function gamesPerSecond(root: string, count: number, threads: number): number {
  const r = spawnSync(process.execPath, [join(root, "compiler", "launch.mjs"), "games", "--count", String(count), "--threads", String(threads)], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "1" } });
  const rate = /\(([\d.]+) games\/s\)/.exec(r.stderr)?.[1];
  if (r.status !== 0 || rate === undefined) throw new Error(`l5r games --threads ${threads} failed: ${r.stderr.trim().split("\n").pop() ?? r.status}`);
  return Number(rate);
}

export function benchPool(root: string, quick: boolean): PoolResult {
  const count = quick ? 4 : 200;
  const threads = availableParallelism();
  const one = gamesPerSecond(root, count, 1);
  const all = gamesPerSecond(root, count, threads);
  return { games: count, threads, gamesPerSecondOneThread: one, gamesPerSecond: all, scaling: Number((all / one).toFixed(2)) };
}
