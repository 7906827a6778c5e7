// Every scenario in rules/ runs on freshly compiled rules and passes.
import { describe, expect, it } from "vitest";
import { compileSources } from "../compiler/compile.ts";
import { expandPath, readSource, rulesRoot } from "../compiler/sources.ts";
import { loadCompiled } from "../compiler/commands/test.ts";
import { runScenario } from "../runtime/api.ts";

const inputs = expandPath(rulesRoot).map((p) => readSource(p));
const result = compileSources(inputs);

describe("rules/", () => {
  it("compiles without errors or warnings", () => {
    expect(result.diagnostics.map((d) => `${d.file}: ${d.code}: ${d.message}`)).toEqual([]);
  });
});

describe("scenarios in rules/", async () => {
  const { bundle, scenarios } = await loadCompiled(result.program!);
  it("there are scenarios", () => expect(scenarios.length).toBeGreaterThan(40));
  for (const s of scenarios) {
    it(s.title, () => {
      const r = runScenario(bundle, s);
      expect(r.failures).toEqual([]);
    });
  }
});
