// Lists whose items may be none, and locals that are set but never read, compile to code that
// type-checks under strict: what the checker accepts, tsc accepts too (the checker's `type/nullable`
// cases for such lists are in test/compiler/diagnostics.test.ts).
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { emitProgram } from "../../compiler/codegen/emit.ts";
import { formatFiles } from "../../compiler/codegen/format.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const rules: SourceInput[] = readdirSync(join(root, "rules"))
  .filter((f) => f.endsWith(".l5r"))
  .map((f) => ({ path: `rules/${f}`, text: readFileSync(join(root, "rules", f), "utf8") }));

const SOURCE = `
function optionalCount(s: stat, t: stat?): number = count([s, t])
function optionalItems(xs: list[stat?]): number = count(xs)
function passesOptional(s: stat, t: stat?): number = optionalItems([s, t]) + optionalItems([s])
effect optionalLists(s: stat, t: stat? = none) {
  let stats: list[stat] = [s]
  let a = [s, t]
  add s to a
  let b = a + [s]
  add none to b
  for x in [s, t] {
    if x != none {
      set stats = [x]
    }
  }
  let n = 1
  set n = count(b)
}
`;

describe("lists whose items may be none", () => {
  it("compile to code that type-checks", async () => {
    const result = compileSources([...rules, { path: "optional-items.l5r", text: SOURCE }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const files = await formatFiles(emitProgram(result.program!));
    const mine = files.filter((f) => f.text.includes("optionalLists"));
    expect(mine.map((f) => f.path)).toHaveLength(1);
    // Only this file is checked (it imports the runtime alone): the rules' own are checked by the
    // project's tsc run.
    const out = join(root, `.optional-items-${process.pid}`);
    try {
      const file = join(out, mine[0]!.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, mine[0]!.text);
      writeFileSync(join(out, "tsconfig.json"), JSON.stringify({ extends: "../tsconfig.json", include: ["./**/*.ts"] }));
      let report = "";
      try {
        execFileSync(join(root, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", join(out, "tsconfig.json")], { encoding: "utf8" });
      } catch (e) {
        report = String((e as { stdout?: string }).stdout ?? e);
      }
      expect(report).toBe("");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
