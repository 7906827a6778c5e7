// Duels per second: the compiled rules (their direct form) on the generic runtime against the
// hand-written baseline, and against a complete hand-written baseline (which also does what the rules
// and the pull API need but the bench never exercises), on the same seeds (all outcomes must agree, or
// the comparison is void).
import { runGeneratedDuels } from "../duel-generated.ts";
import { runHandwrittenDuels } from "../duel-handwritten.ts";
import { runCompleteHandwrittenDuels } from "../duel-handwritten-complete.ts";
import { compareRates } from "../measure.ts";

export interface DuelsResult {
  readonly generatedPerSecond: number;
  readonly handwrittenPerSecond: number;
  /** Compiled / hand-written: the figure the bench issue's target is set on. */
  readonly ratio: number;
  readonly completePerSecond: number;
  /** Compiled / complete hand-written. */
  readonly ratioComplete: number;
  readonly decisionsPerDuel: number;
  readonly sameOutcomes: boolean;
}

export function benchDuels(quick: boolean): DuelsResult {
  const duels = quick ? 1_000 : 20_000;
  const g = runGeneratedDuels(500, 11);
  const same = (r: { outcomes: unknown; decisions: number }) => JSON.stringify(g.outcomes) === JSON.stringify(r.outcomes) && g.decisions === r.decisions;
  // The rules' generators (what the pull API runs) must play the same duels as their direct form.
  const sameOutcomes = same(runHandwrittenDuels(500, 11)) && same(runCompleteHandwrittenDuels(500, 11)) && same(runGeneratedDuels(500, 11, undefined, "generators"));
  let seed = 0;
  const [gen, hand, complete] = compareRates(
    [() => void runGeneratedDuels(duels, ++seed), () => void runHandwrittenDuels(duels, seed), () => void runCompleteHandwrittenDuels(duels, seed)],
    duels,
    quick ? 3 : 9,
  );
  return {
    generatedPerSecond: Math.round(gen!.perSecond),
    handwrittenPerSecond: Math.round(hand!.perSecond),
    ratio: Number((gen!.perSecond / hand!.perSecond).toFixed(3)),
    completePerSecond: Math.round(complete!.perSecond),
    ratioComplete: Number((gen!.perSecond / complete!.perSecond).toFixed(3)),
    decisionsPerDuel: Number((g.decisions / 500).toFixed(2)),
    sameOutcomes,
  };
}
