// Errata annotations: the former wording (`was "..."`) is kept in the tree; unknown kinds, dates that
// are not dates and a former wording on an added rule are located errors; every bracketed errata note
// of the four Samurai-era rules texts is an annotation in rules/.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, type Annotation } from "../../grammar/index.ts";
import { compileSources } from "../../compiler/compile.ts";
import { expandPath, readSource, rulesRoot } from "../../compiler/sources.ts";
import { eachNode } from "../../compiler/tree.ts";

const rules = expandPath(rulesRoot).map((p) => readSource(p));

function annotationsIn(text: string): Annotation[] {
  const out: Annotation[] = [];
  eachNode(parse(text, "t.l5r").file!.decls, (n) => {
    if (n.kind === "Annotation") out.push(n as unknown as Annotation);
  });
  return out;
}

describe("errata annotations", () => {
  it("keep the former wording after `was`", () => {
    const [a] = annotationsIn(`@clarified 2007-08-15 "entering play" was "EXCEPTION: the old text."\nstat force "Force"`);
    expect(a).toMatchObject({ name: { text: "clarified" }, date: "2007-08-15", note: "entering play", former: "EXCEPTION: the old text." });
  });

  const errorOf = (annotation: string) => {
    const text = `${annotation}\nstat zeal "Zeal"`;
    const r = compileSources([...rules, { path: "t.l5r", text }]);
    const e = r.diagnostics.find((d) => d.file === "t.l5r")!;
    return { code: e.code, snippet: text.slice(e.range.start, e.range.end) };
  };
  it("errata/unknown-kind", () => expect(errorOf("@fixed 2008-01-01")).toEqual({ code: "errata/unknown-kind", snippet: "fixed" }));
  it("errata/bad-date", () => expect(errorOf("@added 2008-02-30")).toEqual({ code: "errata/bad-date", snippet: "@added 2008-02-30" }));
  it("errata/former-of-added", () => expect(errorOf('@added 2008-02-03 was "x"')).toEqual({ code: "errata/former-of-added", snippet: '@added 2008-02-03 was "x"' }));

  it("every bracketed note of the Samurai rules texts is an annotation with its date", () => {
    const seeds = ["battles", "cardinal-rules-player-card-types", "challenges-and-duels", "sequence-of-play"].map((f) => readFileSync(`../shared/rules-text/${f}.txt`, "utf8"));
    const months: Record<string, string> = { jan: "01", feb: "02", mar: "03", apr: "04", may: "05", jun: "06", jul: "07", aug: "08", sep: "09", oct: "10", nov: "11", dec: "12" };
    const dates = new Set<string>();
    for (const seed of seeds) {
      for (const note of seed.match(/[[(][^\])]*\b(ADDED|CHANGED|CLARIFIED|UPDATED|Order changed|Clarified|Added|clarification added)\b[^\])]*[\])]/g) ?? []) {
        for (const m of note.matchAll(/(?:(\d{1,2}) ([A-Z][a-z]+)|([A-Z][a-z]+)\.? (\d{1,2}))(?:,)? (\d{4}|\d{2}\b)/g)) {
          const day = m[1] ?? m[4]!;
          const month = months[(m[2] ?? m[3]!).slice(0, 3).toLowerCase()]!;
          const year = m[5]!.length === 2 ? `20${m[5]}` : m[5]!;
          dates.add(`${year}-${month}-${day.padStart(2, "0")}`);
        }
        // "[Order changed March 6 2008; again May 29 2008, ...]"
        if (/again May 29 2008/.test(note)) dates.add("2008-05-29");
      }
    }
    const annotated = new Set(rules.flatMap((r) => annotationsIn(r.text).map((a) => a.date)));
    expect(dates.size).toBeGreaterThan(20);
    expect([...dates].filter((d) => !annotated.has(d))).toEqual([]);
  });
});
