// `l5r coverage [--write]`: runs every scenario (those of rules/, and those of test/cards/ with the
// corpus cards they name) and lists how many phrases they exercise; with `--write`, keeps the set in
// test/cards/exercised.json, which `l5r corpus` reads.  Exit 1 when a scenario fails.
import { existsSync, writeFileSync } from "node:fs";
import { compileSources } from "../compile.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { expandPath, readSource, rulesRoot, sourceName } from "../sources.ts";
import { compileCardScenarios, DEV_CORPUS } from "../corpus/card-scenarios.ts";
import { EXERCISED_FILE, exercisedBy, exercisedJson } from "../corpus/coverage.ts";
import type { Output } from "./check.ts";

export async function coverage(write: boolean, io: Output): Promise<number> {
  const rules = compileSources(expandPath(rulesRoot).map((p) => readSource(p)));
  if (!rules.program) {
    for (const d of rules.diagnostics) io.out(formatDiagnostic(d, (f) => rules.lines.get(f) ?? null));
    return 2;
  }
  const phrases = new Set<string>();
  const failed: string[] = [];
  let scenarios = 0;
  const ofRules = await exercisedBy(rules.program);
  for (const p of ofRules.phrases) phrases.add(p);
  failed.push(...ofRules.failed);
  scenarios += ofRules.scenarios;
  if (existsSync(DEV_CORPUS)) {
    const cards = compileCardScenarios();
    if (!cards.result.program) {
      for (const d of cards.result.diagnostics.filter((x) => x.severity === "error")) io.out(formatDiagnostic(d, (f) => cards.result.lines.get(f) ?? null));
      io.err("l5r coverage: the card scenarios do not compile");
      return 1;
    }
    if (cards.missing.length) io.out(`titles no corpus card has: ${cards.missing.join("; ")}`);
    const ofCards = await exercisedBy(cards.result.program);
    for (const p of ofCards.phrases) phrases.add(p);
    failed.push(...ofCards.failed);
    scenarios += ofCards.scenarios;
  } else io.out(`no corpus at ${sourceName(DEV_CORPUS)}: the card scenarios of test/cards/ were not run`);
  for (const f of failed) io.out(`failed: ${f}`);
  io.out(`${scenarios} scenario(s) exercise ${phrases.size} phrase(s)`);
  if (write) {
    writeFileSync(EXERCISED_FILE, exercisedJson(phrases));
    io.err(`wrote ${sourceName(EXERCISED_FILE)}`);
  }
  return failed.length ? 1 : 0;
}
