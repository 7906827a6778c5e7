// Scenarios of real cards (test/cards/*.l5r): each names the corpus cards it plays by title
// (`put k = "Kakita Hideo, the Fallen Keeper" in p1.home`); the cards are imported from the Oracle's
// records at the time of the run (none is committed), and compiled with the rules beside the
// scenarios.  The demo set and the rules' own scenarios are left out: real cards may share a title
// with a demo card.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "../../grammar/index.ts";
import type * as A from "../../grammar/index.ts";
import { compileSources, type CompileResult, type SourceInput } from "../compile.ts";
import { expandPath, projectRoot, readSource, rulesRoot } from "../sources.ts";
import { importAll, loadOracleFile } from "../import/load.ts";
import { titleOf } from "../import/oracle.ts";
import { rulesContext } from "./check-cards.ts";
import { eachNode } from "../tree.ts";

export const CARD_SCENARIOS = join(projectRoot, "test", "cards");
export const DEV_CORPUS = join(projectRoot, "..", "shared", "cards", "oracle-cards.dev.json");

/** The rules without the demo cards, decks and the rules' scenarios. */
export function rulesWithoutCards(): SourceInput[] {
  return expandPath(rulesRoot)
    .map((p) => readSource(p))
    .filter((s) => !s.path.startsWith("rules/cards/") && !s.path.startsWith("rules/scenarios/"));
}

export function cardScenarioFiles(): SourceInput[] {
  if (!existsSync(CARD_SCENARIOS)) return [];
  return readdirSync(CARD_SCENARIOS)
    .filter((f) => f.endsWith(".l5r"))
    .sort()
    .map((f) => readSource(join(CARD_SCENARIOS, f)));
}

/** The titles of the cards the scenarios put by title. */
export function namedTitles(files: readonly SourceInput[]): Set<string> {
  const titles = new Set<string>();
  for (const f of files) {
    const parsed = parse(f.text, f.path);
    if (!parsed.file) continue;
    eachNode(parsed.file, (n) => {
      const put = n as unknown as A.PutStmt;
      if (put.kind === "Put" && put.title) titles.add(put.title.text);
    });
  }
  return titles;
}

/** The titles of the cards the files declare. */
function declaredTitles(files: readonly SourceInput[]): Set<string> {
  const titles = new Set<string>();
  for (const f of files) {
    const parsed = parse(f.text, f.path);
    for (const d of parsed.file?.decls ?? []) if (d.kind === "CardDecl") titles.add(d.title.text);
  }
  return titles;
}

/**
 * The program of the card scenarios: the rules, the corpus cards they name (imported now), and the
 * scenario files.  `missing`: titles no record of the corpus has.
 */
export function compileCardScenarios(corpus = DEV_CORPUS, files: readonly SourceInput[] = cardScenarioFiles()): { result: CompileResult; missing: string[]; files: readonly SourceInput[] } {
  const rules = rulesWithoutCards();
  // (A title the rules declare, such as a rulebook card's, "Reserve", is not imported.)
  const declared = declaredTitles(rules);
  const titles = new Set([...namedTitles(files)].filter((t) => !declared.has(t)));
  // (The first record of a title: reprints share one.)
  const seen = new Set<string>();
  const records = loadOracleFile(corpus).filter((r) => {
    const t = titleOf(r);
    if (!titles.has(t) || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
  const cards = importAll(records, rulesContext(rules));
  const found = new Set(cards.map((c) => c.title));
  const imported: SourceInput = { path: "test/cards/imported-corpus-cards.l5r", text: `rules "Corpus cards the scenarios name"\n\n${cards.map((c) => c.source).join("\n")}` };
  return { result: compileSources([...rules, imported, ...files]), missing: [...titles].filter((t) => !found.has(t)).sort(), files };
}
