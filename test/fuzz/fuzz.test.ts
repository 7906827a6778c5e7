// A seeded sample of the fuzz run (`npm run fuzz` runs 100,000 inputs): no exception escapes the
// parser or the compiler, and every diagnostic's range lies inside its file.
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { parse, MAX_NESTING } from "../../grammar/index.ts";
import { MAX_CHAIN } from "../../grammar/to-ast.ts";
import { MAX_SYNTAX_ERRORS } from "../../grammar/parser.ts";
import { fuzz } from "./fuzz.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("fuzzing (a seeded sample)", () => {
  it("600 mutated inputs: no exception, every range inside its file", () => {
    const report = fuzz({ root, inputs: 600, seed: 20261129, checkEvery: 20, corpusCards: 50 });
    expect(report.failures).toEqual([]);
    expect(report.checked).toBe(30);
    expect(Object.keys(report.byMutation).length).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it("syntax/too-deep: nesting beyond the limit is a located error, not a stack overflow", () => {
    const text = `function f(): number = ${"(".repeat(MAX_NESTING + 5)}1${")".repeat(MAX_NESTING + 5)}\n`;
    const r = parse(text, "deep.l5r");
    expect(r.file).toBeNull();
    expect(r.errors).toEqual([{ code: "syntax/too-deep", message: `nesting deeper than ${MAX_NESTING} levels`, range: { start: 23 + MAX_NESTING, end: 24 + MAX_NESTING } }]);
  });

  it("syntax/too-deep: a long run of prefix operators", () => {
    const r = parse(`function f(): bool = ${"not ".repeat(MAX_NESTING + 1)}true\n`, "deep.l5r");
    expect(r.errors.map((e) => e.code)).toEqual(["syntax/too-deep"]);
  });

  it("syntax/too-long: a chain of operators longer than the limit", () => {
    const text = `function f(): number = 1${" + 1".repeat(MAX_CHAIN)}\n`;
    const r = parse(text, "long.l5r");
    expect(r.file).toBeNull();
    expect(r.errors.map((e) => e.code)).toEqual(["syntax/too-long"]);
    expect(r.errors[0]!.range).toEqual({ start: 23, end: text.length - 1 });
  });

  it("syntax/too-many-errors: after the limit the rest of a file is not read, and the errors so far are kept", () => {
    const text = `function f(): number = 1${" .".repeat(MAX_SYNTAX_ERRORS * 3)}\n`;
    const r = parse(text, "broken.l5r");
    expect(r.file).toBeNull();
    expect(r.errors.length).toBeGreaterThan(MAX_SYNTAX_ERRORS);
    expect(r.errors.length).toBeLessThanOrEqual(MAX_SYNTAX_ERRORS + 2);
    expect(r.errors.filter((e) => e.code === "syntax/too-many-errors")).toHaveLength(1);
    for (const e of r.errors) expect(e.range.end).toBeLessThanOrEqual(text.length);
  });

  it("a chain at the limit still parses", () => {
    expect(parse(`function f(): number = 1${" + 1".repeat(MAX_CHAIN - 1)}\n`, "ok.l5r").errors).toEqual([]);
  });
});
