// The behavioural diff: both versions compiled on their own, both versions' scenarios run under both,
// a few hundred seeded duels and a couple of games on the worker pool.  (The 10,000-duel run is a
// command; README gives its figures.)
import { describe, expect, it } from "vitest";
import { behaviourDiff, behaviourRun } from "../../compiler/diff/behaviour/index.ts";
import { mergeBehaviour, reportOf } from "../../compiler/diff/behaviour/results.ts";
import { formatBehaviour } from "../../compiler/commands/behaviour.ts";

describe("l5r diff --behavior", () => {
  it("Samurai → Twenty Festivals: the duel scenarios whose outcome changes, diverging seeds and the totals", async () => {
    const r = await behaviourDiff({ oldPath: "rules", newPath: "rules/errata/twenty-festivals", games: 1, duels: 100, seed: 1, threads: 2 });
    const changed = (file: string, title: string) => r.scenarioChanges.find((c) => c.file === file && c.title === title);
    // The Twenty Festivals tie rule fails under the Samurai duel, and runs under its own.
    expect(changed("rules/errata/twenty-festivals/scenarios/duels.l5r", "duel 12 (Duelist): a Duelist wins a tie against a Personality who is not a Duelist")).toMatchObject({ old: expect.stringMatching(/^failed: /), new: "passed" });
    // A focus pool scenario cannot even be compiled under a duel without focus pools.
    expect(changed("rules/scenarios/duels.l5r", "duel B: a short Fate deck makes a smaller focus pool")).toMatchObject({ old: "passed", new: expect.stringMatching(/^does not compile: .*name\/unknown-member/) });
    // Scenarios of the other rules are untouched.
    expect(r.scenarioChanges.every((c) => c.file.endsWith("scenarios/duels.l5r"))).toBe(true);
    const trial = r.runs.find((run) => run.what === "trial: a duel between two random Personalities")!;
    expect(trial.totals.reduce((n, t) => n + t.old, 0)).toBe(100);
    expect(trial.totals.reduce((n, t) => n + t.new, 0)).toBe(100);
    // Only the Twenty Festivals duel lets a Duelist win a tie.
    expect(trial.totals.find((t) => t.outcome === "the challenger won a tie")?.old ?? 0).toBe(0);
    expect(trial.diverging.length).toBeGreaterThan(0);
    const first = trial.diverging[0]!;
    expect(first.divergence!.old.frame).toMatch(/^duel#/);
    expect(r.prompts.old["Focus or strike?"]).toBe('duel C "Focus or strike"');
    expect(r.prompts.new["Focus or strike?"]).toBe('duel 2 "Focus or strike"');
    expect(r.runs.find((run) => run.what === "games")!.totals.reduce((n, t) => n + t.old, 0)).toBe(1);
  });

  it("the earlier order of duel step J: no outcome changes, though the games part at J", async () => {
    const r = await behaviourDiff({ oldPath: "rules", newPath: "rules/errata/before-2008-03-06", games: 0, duels: 40, seed: 1, threads: 2 });
    expect(r.scenarioChanges).toEqual([]);
    const trial = r.runs[0]!;
    expect(trial.changedOutcomes).toBe(0);
    expect(trial.diverging.length).toBeGreaterThan(0);
    expect(trial.diverging.every((s) => s.divergence!.old.decision?.prompt === "Choose the next focus pool card to put under your Fate deck" || s.divergence!.old.decision === null)).toBe(true);

    // Played in two shards (the first also runs the scenarios) and merged: the same report, so the same
    // printed lines.  The shards play at once, so one thread each fills the cores.
    const part = (index: number) => behaviourRun({ oldPath: "rules", newPath: "rules/errata/before-2008-03-06", games: 0, duels: 40, seed: 1, threads: 1, shard: { index, of: 2 } });
    const [second, first] = await Promise.all([part(2), part(1)]);
    expect(second.results.scenarios).toBeNull();
    expect(second.results.runs[0]!.map((x) => x.seed)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    const merged = reportOf(mergeBehaviour([{ path: "b.json", results: second.results }, { path: "a.json", results: first.results }]));
    const { threads: _t, seconds: _s, ...whole } = r;
    expect(merged).toEqual(whole);
    expect(formatBehaviour(merged)).toEqual(formatBehaviour(whole));
  });
});
