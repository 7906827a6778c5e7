// A CI-sized run of the bench, so that it never rots: it runs, and its figures are sane.
import { describe, expect, it } from "vitest";
import { runBench } from "../bench/run.ts";

describe("npm run bench --quick", () => {
  it("measures duels per second for the compiled rules and the hand-written baseline, on the same outcomes", async () => {
    const results = (await runBench({ quick: true, json: true }, () => {})) as { duels: Record<string, number | boolean> };
    const d = results.duels;
    expect(d.sameOutcomes).toBe(true);
    expect(d.generatedPerSecond).toBeGreaterThan(0);
    expect(d.handwrittenPerSecond).toBeGreaterThan(0);
    expect(d.decisionsPerDuel).toBeGreaterThan(1);
  });
});
