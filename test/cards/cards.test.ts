// Real cards in running games: the scenarios of test/cards/*.l5r name corpus cards by title; the cards
// are imported from ../shared/cards at the time of the run (none is committed) and each scenario must
// pass.  The phrases the scenarios of rules/ and of test/cards/ exercise are kept in
// test/cards/exercised.json for `l5r corpus` (regenerate with `npm run l5r -- coverage --write`).
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { compileSources } from "../../compiler/compile.ts";
import { expandPath, readSource, rulesRoot } from "../../compiler/sources.ts";
import { cardScenarioFiles, compileCardScenarios, DEV_CORPUS } from "../../compiler/corpus/card-scenarios.ts";
import { exercisedBy, keptExercised } from "../../compiler/corpus/coverage.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { runScenario } from "../../runtime/api.ts";

const present = existsSync(DEV_CORPUS);

describe.skipIf(!present)("real cards (skipped: ../shared/cards/oracle-cards.dev.json is not there)", () => {
  const { result, missing } = compileCardScenarios();

  it("every card the scenarios name is in the corpus, and the scenarios compile", () => {
    expect(missing).toEqual([]);
    expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => formatDiagnostic(d, (f) => result.lines.get(f) ?? null))).toEqual([]);
  });

  it("each scenario passes", async () => {
    const { bundle, scenarios } = await loadCompiled(result.program!);
    expect(scenarios.length).toBeGreaterThan(0);
    const failed = scenarios.map((s) => runScenario(bundle, s)).filter((r) => r.failures.length > 0);
    expect(failed.map((r) => `${r.location} ${r.title}: ${r.failures.map((f) => `${f.expectation}: ${f.detail}`).join("; ")}\n  ${r.decisionsPut.join("\n  ")}`)).toEqual([]);
  });

  it("test/cards/exercised.json is the set of phrases the scenarios exercise (npm run l5r -- coverage --write)", async () => {
    const rules = compileSources(expandPath(rulesRoot).map((p) => readSource(p)));
    const all = new Set([...(await exercisedBy(rules.program!)).phrases, ...(await exercisedBy(result.program!)).phrases]);
    expect([...(keptExercised() ?? [])].sort()).toEqual([...all].sort());
  });
});

it("the card scenario files exist", () => {
  expect(cardScenarioFiles().length).toBeGreaterThan(0);
});
