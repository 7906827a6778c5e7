// Frames and adjuncts (compiler/text/adjuncts.ts): a phrase whose last slot names one of its effect's
// hooks reads the rest of the clause as adjuncts, each an effect phrase that needs the hook's parameters.
// Checked on a frame and adjuncts of its own (beside the rules, for their card types and timings).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSources, type CompileResult, type SourceInput } from "../../compiler/compile.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const RULES: SourceInput[] = readdirSync(`${root}rules`)
  .filter((f) => f.endsWith(".l5r"))
  .sort()
  .map((f) => ({ path: `rules/${f}`, text: readFileSync(`${root}rules/${f}`, "utf8") }));

const VOCABULARY = `rules "Frames"
sequence blessing "Terms of a blessing" () {
  hook how(bt: blessing)
  state bonus: number = 0
  heading "The terms" { run how(self) }
}
effect bless(p: player = you) "bless your house {how}" {
  hook how(bt: blessing)
  let x = blessing(how: how)
  set p.honor = p.honor + 1 + x.bonus
}
effect withMore(n: number, bt: blessing = bt) "with {n} more" "adding {n}" { set bt.bonus = bt.bonus + n }
effect singing(bt: blessing = bt) "singing" { set bt.bonus = bt.bonus + 10 }
`;

function compile(text: string, vocabulary = VOCABULARY): CompileResult {
  return compileSources([...RULES, { path: "frames.l5r", text: vocabulary }, { path: "test.l5r", text }]);
}

function card(line: string): string {
  return `card "C" {\n  type Strategy\n  text {\n    ${line}\n  }\n}\n`;
}

const warnings = (r: CompileResult): string[] => r.diagnostics.filter((d) => d.file === "test.l5r").map((d) => `${d.code}: ${d.message}`);

describe("frames and adjuncts", () => {
  it("reads a frame alone and with adjuncts joined by commas, 'and', 'but' or nothing", () => {
    for (const line of [
      "Limited: Bless your house.",
      "Limited: Bless your house with 2 more.",
      "Limited: Bless your house, with 2 more, and singing.",
      "Limited: Bless your house singing but adding 3.",
      "Limited: Bless your house singing adding 3.",
    ]) {
      expect(warnings(compile(card(line))), line).toEqual([]);
    }
  });

  it("reads a condition after an adjunct, and a choice of two adjuncts", () => {
    expect(warnings(compile(card("Limited: Bless your house, adding 2 if you are a Crab Clan player.")))).toEqual([]);
    expect(warnings(compile(card("Limited: Bless your house with 2 more or singing.")))).toEqual([]);
  });

  it("refuses a frame whose words after it are not all adjuncts (an effect that needs nothing of the hook is none)", () => {
    // ("Bless your house, gain 2 Honor" is two effects in turn: the second is no adjunct.)
    for (const line of ["Limited: Bless your house, dancing.", "Limited: Bless your house gain 2 Honor."]) {
      const w = warnings(compile(card(line)));
      expect(w.some((m) => m.startsWith("unsupported/phrase")), line).toBe(true);
    }
  });

  it("does not read an adjunct outside its frame", () => {
    const w = warnings(compile(card("Limited: Adding 2.")));
    expect(w.some((m) => m.startsWith("unsupported/phrase"))).toBe(true);
  });

  it("a phrase may name a hook as a slot, but not a name that is neither a parameter nor a hook", () => {
    const r = compile("", VOCABULARY.replace('"bless your house {how}"', '"bless your house {why}"'));
    expect(r.diagnostics.map((d) => d.code)).toContain("phrase/unknown-slot");
    expect(compile("").diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
