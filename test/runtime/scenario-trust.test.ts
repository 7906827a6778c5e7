// Scenarios a card author can trust: a loop that never ends stops at the step cap with an error that
// names it.  The scenarios below are compiled once, with the rules and the demo cards, and each is run
// and its failures compared with what it must report.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { runScenario, type RulesBundle, type ScenarioDef, type ScenarioResult } from "../../runtime/api.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (dir: string): SourceInput[] =>
  readdirSync(`${root}${dir}`)
    .filter((f) => f.endsWith(".l5r"))
    .sort()
    .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(`${root}${dir}/${f}`, "utf8") }));

const TEST = "test.l5r";
const SOURCE = `rules "Scenarios a card author can trust"

effect spin() {
  let n = 0
  while n >= 0 {
    n = n + 1
  }
}

scenario "loop: a scenario loop that never ends" {
  players p1, p2
  while true {
  }
}

scenario "loop: a scenario loop that never ends and keeps growing a list" {
  players p1, p2
  let xs: list[number] = []
  while true {
    add 1 to xs
  }
}

scenario "loop: a rules loop that never ends" {
  players p1, p2
  spin()
}

scenario "loop: an endless loop around a loop that ends" {
  players p1, p2
  while true {
    repeat 2 {
    }
  }
}
`;

/** Where a line of the test source starts its text (1-based line and column of \`needle\`). */
function at(needle: string, nth = 1): string {
  let i = -1;
  for (let k = 0; k < nth; k++) i = SOURCE.indexOf(needle, i + 1);
  const before = SOURCE.slice(0, i);
  const line = before.split("\n").length;
  const column = i - before.lastIndexOf("\n");
  return `${TEST}:${line}:${column}`;
}

let bundle: RulesBundle;
let scenarios: readonly ScenarioDef[];
beforeAll(async () => {
  const result = compileSources([...read("rules"), ...read("rules/cards"), { path: TEST, text: SOURCE }]);
  expect(result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  ({ bundle, scenarios } = await loadCompiled(result.program!));
});

function run(title: string): ScenarioResult {
  const def = scenarios.find((s) => s.title === title);
  if (!def) throw new Error(`no scenario "${title}"`);
  return runScenario(bundle, def);
}

describe("a loop that never ends stops at the step cap with an error naming the loop", () => {
  it("a scenario's `while true { }`", () => {
    const r = run("loop: a scenario loop that never ends");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while true")} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("a scenario loop that grows a list stops before the heap is exhausted", () => {
    const r = run("loop: a scenario loop that never ends and keeps growing a list");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while true", 2)} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("a loop in the rules a scenario calls", () => {
    const r = run("loop: a rules loop that never ends");
    expect(r.failures.map((f) => f.detail)).toEqual([`the game reached its step cap of 100000 in the loop at ${at("while n >= 0")} (repeated 100000 times) (seed 1, step 100001)`]);
  });

  it("every loop running is named, innermost first", () => {
    const [failure] = run("loop: an endless loop around a loop that ends").failures;
    expect(failure!.detail).toMatch(new RegExp(`^the game reached its step cap of 100000 in the loop at ${at("repeat 2")} \\(repeated \\d times?\\), inside the loop at ${at("while true", 3)} \\(repeated \\d+ times\\) \\(seed 1, step 100001\\)$`));
  });
});
