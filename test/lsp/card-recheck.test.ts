// The language server's quick re-check of a file of cards (the rules checked once, only the file's cards
// checked again) gives exactly the diagnostics of the full check `l5r check FILE` runs, and leaves to
// the full check what it cannot do alike.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { compileContext, type SourceInput } from "../../compiler/compile.ts";
import { CardRecheck } from "../../compiler/lsp/card-check.ts";
import { rulesContext } from "../../compiler/corpus/check-cards.ts";
import { importAll, legalFilter, loadOracleFile } from "../../compiler/import/load.ts";
import { expandPath, readSource, rulesRoot } from "../../compiler/sources.ts";

const CORPUS = "../shared/cards/oracle-cards.dev.json";
const rules = expandPath(rulesRoot).map((p) => readSource(p));
const recheck = new CardRecheck(() => rules);

function fullCheck(file: SourceInput) {
  return compileContext([...rules, file]).result.diagnostics.filter((d) => d.file === file.path);
}

const handWritten = `card "My Duelist" {
  type Personality
  clan Crane
  force 2
  chi 3
  keywords Duelist
  traits Duelits
  text {
    Limited: Bwo target enemy Personality.
    Battle: Give your target Personality +2F.
  }
}

card "My Strike" {
  type Strategy
  text {
    Open: Gain 1 Honor.
  }
}
`;

describe("the language server's quick re-check of card files", () => {
  it("gives the full check's diagnostics for hand-written cards with warnings and the closest phrases", () => {
    const file = { path: "my-cards.l5r", text: handWritten };
    const quick = recheck.check(file);
    expect(quick).not.toBeNull();
    const full = fullCheck(file);
    expect(full.filter((d) => d.code === "unsupported/phrase")).toHaveLength(1);
    expect(full[0]!.related.length).toBeGreaterThan(0); // the closest declared phrases
    expect(quick).toEqual(full);
  });

  it("leaves to the full check a file with an error, more than cards, a card the rules already declare, or one that does not parse", () => {
    expect(recheck.check({ path: "e.l5r", text: `${handWritten}\ncard "My Mistake" {\n  type Personalty\n}\n` })).toBeNull();
    expect(recheck.check({ path: "s.l5r", text: `${handWritten}\nscenario "x" {\n  players p1, p2\n}\n` })).toBeNull();
    expect(recheck.check({ path: "d.l5r", text: `card "Kyuden Kakita" {\n  type Stronghold\n}\n` })).toBeNull();
    expect(recheck.check({ path: "twice.l5r", text: `card "A" {\n  type Holding\n}\ncard "A" {\n  type Holding\n}\n` })).toBeNull();
    expect(recheck.check({ path: "broken.l5r", text: `card "A" {\n  type Holding\n` })).toBeNull();
  });

  it.skipIf(!existsSync(CORPUS))("gives the full check's diagnostics for real cards (a sample of the dev corpus; skipped without ../shared/cards)", () => {
    const records = loadOracleFile(CORPUS).filter(legalFilter("Samurai,Celestial,Emperor")!);
    const imported = importAll(records, rulesContext(rules));
    const sample = imported.filter((_, i) => i % 60 === 0);
    expect(sample.length).toBeGreaterThan(25);
    let compared = 0;
    for (const card of sample) {
      const file = { path: card.fileName, text: card.source };
      const quick = recheck.check(file);
      if (quick === null) continue;
      compared++;
      expect(quick, card.fileName).toEqual(fullCheck(file));
    }
    expect(compared).toBeGreaterThan(25);
  });
});
