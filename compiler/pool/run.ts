// Tasks on every core: a tinypool of worker threads, each loading the module that does the work once
// (./worker.mjs), fed the tasks in order and told how far it has got.  What `l5r games` and `l5r diff
// --behavior` play their seeds on.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import Tinypool from "tinypool";

export interface PoolOptions<T> {
  /** The module whose default export runs one task (in a worker, reading `poolData()`). */
  readonly module: URL;
  /** What every worker is given (read with `poolData()`). */
  readonly data: unknown;
  readonly tasks: readonly T[];
  readonly threads: number;
  /** How much of the work a task is (default 1: a seed count, for a progress bar in seeds). */
  readonly weight?: (task: T) => number;
  /** Told at the start and after each task how much of the work is done, of how much. */
  readonly onDone?: (done: number, total: number) => void;
}

/** Runs every task on `threads` workers; the results in the order of the tasks. */
export async function runOnPool<T, R>(opts: PoolOptions<T>): Promise<R[]> {
  const threads = Math.max(1, Math.min(opts.threads, opts.tasks.length));
  const pool = new Tinypool({
    filename: fileURLToPath(new URL("./worker.mjs", import.meta.url)),
    workerData: { module: opts.module.href, data: opts.data },
    minThreads: threads,
    maxThreads: threads,
  });
  const weight = opts.weight ?? (() => 1);
  const total = opts.tasks.reduce((n, t) => n + weight(t), 0);
  let done = 0;
  try {
    opts.onDone?.(0, total);
    return await Promise.all(
      opts.tasks.map((t) =>
        (pool.run(t) as Promise<R>).then((r) => {
          opts.onDone?.((done += weight(t)), total);
          return r;
        }),
      ),
    );
  } finally {
    await pool.destroy();
  }
}

/** In a worker: what the pool gave every worker. */
export function poolData<D>(): D {
  return (Tinypool.workerData as { data: D }).data;
}

/** Every core, unless told otherwise. */
export function defaultThreads(): number {
  return availableParallelism();
}
