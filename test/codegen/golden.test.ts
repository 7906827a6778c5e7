// Code generation by text: a small .l5r program compiles to exactly the TypeScript committed beside it
// (run with UPDATE_GOLDEN=1 to accept a deliberate change), and that code runs.
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { compileSources } from "../../compiler/compile.ts";
import { emitProgram } from "../../compiler/codegen/emit.ts";
import { formatFiles } from "../../compiler/codegen/format.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { runScenario } from "../../runtime/api.ts";

const cases = ["mini-duel"];

describe("golden code generation", () => {
  for (const name of cases) {
    const source = `test/codegen/${name}.l5r`;
    const result = compileSources([{ path: source, text: readFileSync(source, "utf8") }]);

    it(`${name}.l5r compiles cleanly`, () => {
      expect(result.diagnostics).toEqual([]);
    });

    it(`${name}.l5r → ${name}.expected.ts`, async () => {
      const files = await formatFiles(emitProgram(result.program!));
      const module = files.find((f) => f.path === `extra/${name}.ts`)!;
      const expectedPath = `test/codegen/${name}.expected.ts`;
      if (process.env.UPDATE_GOLDEN || !existsSync(expectedPath)) writeFileSync(expectedPath, module.text);
      expect(module.text).toBe(readFileSync(expectedPath, "utf8"));
    });

    it(`${name}.l5r runs its scenarios`, async () => {
      const { bundle, scenarios } = await loadCompiled(result.program!);
      expect(scenarios.length).toBeGreaterThan(0);
      for (const s of scenarios) expect(runScenario(bundle, s).failures).toEqual([]);
    });
  }
});
