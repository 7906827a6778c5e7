// A CI-sized run of the bench, so that it never rots: every suite runs, and its figures are sane.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { runBench } from "../bench/run.ts";

describe("npm run bench --quick", () => {
  it("measures parsing, compiling, duels, whole games, threads, the agents, l5r games through its pool and memory", async () => {
    const r = (await runBench({ quick: true, json: true }, () => {})) as Record<string, Record<string, unknown>>;
    const d = r.duels!;
    expect(d.sameOutcomes).toBe(true);
    expect(d.generatedPerSecond).toBeGreaterThan(0);
    expect(d.handwrittenPerSecond).toBeGreaterThan(0);
    expect(d.completePerSecond).toBeGreaterThan(0);
    const c = r.compiling!;
    expect(c.coldCompileMs).toBeGreaterThan(0);
    // The warm recompile after one card changed re-parses one file and re-emits one module.
    expect(c.recompileParsed).toBe(1);
    expect(c.recompileEmitted).toBe(1);
    expect(c.warmRecheckMs).toBeGreaterThan(0);
    // The corpus measure runs when ../shared/cards is beside the project.
    const k = r.corpus as unknown as { cards: number; supported: number; ms: number } | null;
    if (existsSync("../shared/cards/oracle-cards.dev.json")) expect(k!.cards).toBeGreaterThan(1000);
    if (k) expect(k.ms).toBeGreaterThan(0);
    const p = r.parsing as unknown as Record<string, Record<string, number>>;
    expect(p.synthetic!.bytes).toBeGreaterThan(200_000);
    expect(p.synthetic!.lexMBps).toBeGreaterThan(p.synthetic!.checkMBps!);
    const g = r.games!;
    expect(g.gamesPerSecond).toBeGreaterThan(0);
    expect(g.threads).toBeGreaterThanOrEqual(1);
    const a = r.agents as unknown as { games: number; victoryShare: number; winRateVsRandom: number; turns: Record<string, number>; greedyGamesPerSecond: number };
    expect(a.games).toBeGreaterThan(0);
    expect(a.victoryShare).toBeGreaterThanOrEqual(0);
    expect(a.winRateVsRandom).toBeGreaterThanOrEqual(0);
    expect(Object.values(a.turns).every((t) => t > 0)).toBe(true);
    expect(a.greedyGamesPerSecond).toBeGreaterThan(0);
    const pool = r.pool as Record<string, number>;
    expect(pool.gamesPerSecondOneThread).toBeGreaterThan(0);
    expect(pool.gamesPerSecond).toBeGreaterThan(0);
    expect((r.memory as Record<string, number>).bytesPerGame).toBeGreaterThan(0);
    expect(r.peakRssMB).toBeGreaterThan(0);
  }, 400_000); // every suite runs: minutes on a loaded machine
});
