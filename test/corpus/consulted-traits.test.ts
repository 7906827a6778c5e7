// Coverage counts a trait the rules consult (`uses kind of card for p (setting: value)`) as exercised
// only when it answered what was asked: consulted and passed over (its settings or what it describes
// did not match), it showed nothing of what its text says (compiler/corpus/coverage.ts counts what a
// scenario's run lists as resolved).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { loadCompiled } from "../../compiler/commands/test.ts";
import { runScenario } from "../../runtime/api.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const RULES: SourceInput[] = readdirSync(`${root}rules`)
  .filter((f) => f.endsWith(".l5r"))
  .sort()
  .map((f) => ({ path: `rules/${f}`, text: readFileSync(`${root}rules/${f}`, "utf8") }));

const SCENARIOS = `
rules "Consulted traits"

scenario "attaches only to a Crane, refused by a Lion" {
  players p1, p2
  put lion = Personality { clan Lion } in p1.home
  put f = Follower { text { Will only attach to a Crane Clan Personality. } } in p1.hand
  bringAttachment(p1, f, lion, true)
  expect f in p1.hand
}

scenario "attaches only to a Crane, taken by a Crane" {
  players p1, p2
  put crane = Personality { clan Crane } in p1.home
  put f = Follower { text { Will only attach to a Crane Clan Personality. } } in p1.hand
  bringAttachment(p1, f, crane, true)
  expect f.attachedTo == crane
}
`;

describe("a consulted trait's coverage", () => {
  it("counts it only where its settings and description matched what was asked", async () => {
    const result = compileSources([...RULES, { path: "consulted.l5r", text: SCENARIOS }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { bundle, scenarios } = await loadCompiled(result.program!);
    const resolvedTexts = (title: string): string[] => {
      const s = scenarios.find((x) => x.title === title)!;
      const r = runScenario(bundle, s);
      expect(r.failures).toEqual([]);
      return r.resolved.map(({ card, ability, granted }) => (granted ? "" : (card.abilities[ability]?.text ?? "")));
    };
    // "Will only attach to a Crane Clan Personality": asked of a Lion, it matches nothing.
    expect(resolvedTexts("attaches only to a Crane, refused by a Lion").filter((t) => t.includes("Crane"))).toEqual([]);
    expect(resolvedTexts("attaches only to a Crane, taken by a Crane").filter((t) => t.includes("Crane"))).toHaveLength(1);
  }, 180_000);
});
