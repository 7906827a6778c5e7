// Measuring helpers: warm up, then take the median of several timed trials (interleaved when two
// things are compared, so that a noisy machine slows both alike).

export interface Rate {
  readonly perSecond: number;
  readonly trials: number[];
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Runs each task `trials` times in turn; each run does `units` units of work. */
export function compareRates(tasks: readonly (() => void)[], units: number, trials: number): Rate[] {
  const samples = tasks.map(() => [] as number[]);
  for (const t of tasks) t(); // warm-up
  for (let i = 0; i < trials; i++) {
    tasks.forEach((task, k) => {
      const start = performance.now();
      task();
      samples[k]!.push((units / (performance.now() - start)) * 1000);
    });
  }
  return samples.map((s) => ({ perSecond: median(s), trials: s }));
}
