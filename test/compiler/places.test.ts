// Places (compiler/text/places.ts): a zone slot reads a deck, location or province declared with
// `place`; the declarations are checked like the other phrases, and a place card text cannot give a
// value is an `unsupported/place` warning on its words.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSources, type CompileResult, type SourceInput } from "../../compiler/compile.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const RULES: SourceInput[] = readdirSync(`${root}rules`)
  .filter((f) => f.endsWith(".l5r"))
  .sort()
  .map((f) => ({ path: `rules/${f}`, text: readFileSync(`${root}rules/${f}`, "utf8") }));
const TEST = "test.l5r";

function compile(text: string): CompileResult {
  return compileSources([...RULES, { path: TEST, text }]);
}

function card(lines: string): string {
  return `card "S" {\n  type Strategy\n  goldCost 0\n  focusValue 1\n  text {\n${lines}\n  }\n}\n`;
}

function ofTest(result: CompileResult): { code: string; text: string }[] {
  const text = (start: number, end: number): string => result.files.find((f) => f.path === TEST)!.text.slice(start, end);
  return result.diagnostics.filter((d) => d.file === TEST).map((d) => ({ code: d.code, text: text(d.range.start, d.range.end) }));
}

describe("places", () => {
  it("a zone slot reads each declared place, and a place the player chooses from compiles to his choice", () => {
    for (const line of [
      "    Open: Look at the top two cards of any Fate deck. Put them back in any order.",
      "    Open: Target a player. Look at the top card of his Dynasty deck.",
      "    Open: Discard the top card of another player's Fate deck.",
      "    Open: Give each of your provinces +2 strength.",
      "    Battle: Choose your performing Personality: Move him to a battlefield where he would be opposed.",
    ]) {
      const result = compile(card(line));
      expect(ofTest(result), line).toEqual([]);
      expect(result.program, line).not.toBeNull();
    }
  });

  it("unsupported/place: a place said of the card put there, where the sentence puts none", () => {
    const result = compile(card("    Open: Look at the top card of that deck."));
    expect(ofTest(result)).toEqual([{ code: "unsupported/place", text: "that deck" }]);
  });

  it("unsupported/place: a choice of places where a condition wants one zone (any of them where it wants a list)", () => {
    const empty = `condition "{z} has no cards" (z: zone) = count(z) == 0\ncondition "{c} lies in {zs}" (c: card, zs: list[zone]) = c.zone in zs\n`;
    expect(ofTest(compile(empty + card("    Open: If your Fate deck has no cards, gain 1 Honor.")))).toEqual([]);
    expect(ofTest(compile(empty + card("    Open: If one of your provinces has no cards, gain 1 Honor.")))).toEqual([{ code: "unsupported/place", text: "one of your provinces" }]);
    expect(ofTest(compile(empty + card("    Open: Target a Personality. If he lies in one of your provinces, gain 1 Honor.")))).toEqual([]);
  });

  it("phrase/missing-slot: a place parameter its phrase does not name (but the card put there)", () => {
    const result = compile(`place "the deck" (p: player) = p.fateDeck\n`);
    expect(ofTest(result)).toEqual([{ code: "phrase/missing-slot", text: `"the deck"` }]);
    const subject = compile(`place "its pile" (c: card) = discardPileOf(c)\n`);
    expect(ofTest(subject)).toEqual([]);
  });

  it("a qualifier of zones narrows only a place that names several zones", () => {
    const result = compile(card("    Open: Look at the top card of your Fate deck where he would be opposed."));
    expect(ofTest(result).map((d) => d.code)).toEqual(["unsupported/phrase"]);
  });
});
