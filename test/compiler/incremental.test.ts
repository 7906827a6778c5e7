// Incremental recompiles: after one card changes only its file is parsed again and only its module
// emitted again, and the output is exactly what a full compile gives.
import { describe, expect, it } from "vitest";
import { loadProgramSources } from "../../compiler/sources.ts";
import { IncrementalCompiler } from "../../compiler/incremental.ts";
import { generateRules } from "../../compiler/commands/compile.ts";

describe("incremental compile", () => {
  it("re-parses and re-emits only what a one-card edit changed, with the same output as a full compile", async () => {
    const { inputs } = loadProgramSources(["rules"]);
    const compiler = new IncrementalCompiler();
    const first = await compiler.build(inputs);
    expect(first.files).not.toBeNull();
    expect(compiler.stats.parsed).toBe(inputs.length);

    const edited = inputs.map((s) => (s.path.endsWith("demo-set.l5r") ? { ...s, text: s.text.replace(/^(\s+goldCost )3$/m, "$17") } : s));
    const second = await compiler.build(edited);
    expect(compiler.stats).toEqual({ parsed: 1, emitted: 1 });
    const changed = second.files!.filter((f, i) => f.text !== first.files![i]!.text).map((f) => f.path);
    expect(changed).toEqual(["cards/demo-set.ts"]);

    const back = await compiler.build(inputs);
    expect(compiler.stats).toEqual({ parsed: 1, emitted: 1 });
    expect(back.files).toEqual(await generateRules({ out: () => {}, err: () => {} }));
  });

  it("a build with errors keeps the last good output for the next build", async () => {
    const { inputs } = loadProgramSources(["rules"]);
    const compiler = new IncrementalCompiler();
    await compiler.build(inputs);
    const broken = inputs.map((s) => (s.path.endsWith("demo-set.l5r") ? { ...s, text: s.text + "\ncard \"Broken\" {\n  type Frog\n}\n" } : s));
    const r = await compiler.build(broken);
    expect(r.files).toBeNull();
    expect(r.result.diagnostics.some((d) => d.severity === "error")).toBe(true);
    await compiler.build(inputs);
    expect(compiler.stats.emitted).toBe(0);
  });
});
