// Duels per second: the compiled rules on the generic runtime against the hand-written baseline, on
// the same seeds (their outcomes must agree, or the comparison is void).
import { runGeneratedDuels } from "../duel-generated.ts";
import { runHandwrittenDuels } from "../duel-handwritten.ts";
import { compareRates } from "../measure.ts";

export interface DuelsResult {
  readonly generatedPerSecond: number;
  readonly handwrittenPerSecond: number;
  readonly ratio: number;
  readonly decisionsPerDuel: number;
  readonly sameOutcomes: boolean;
}

export function benchDuels(quick: boolean): DuelsResult {
  const duels = quick ? 1_000 : 20_000;
  const g = runGeneratedDuels(500, 11);
  const h = runHandwrittenDuels(500, 11);
  const sameOutcomes = JSON.stringify(g.outcomes) === JSON.stringify(h.outcomes) && g.decisions === h.decisions;
  let seed = 0;
  const [gen, hand] = compareRates(
    [() => void runGeneratedDuels(duels, ++seed), () => void runHandwrittenDuels(duels, seed)],
    duels,
    quick ? 3 : 9,
  );
  return {
    generatedPerSecond: Math.round(gen!.perSecond),
    handwrittenPerSecond: Math.round(hand!.perSecond),
    ratio: Number((gen!.perSecond / hand!.perSecond).toFixed(3)),
    decisionsPerDuel: Number((g.decisions / 500).toFixed(2)),
    sameOutcomes,
  };
}
