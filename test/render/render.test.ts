// l5r render: docs/rules/ is the rendering of the duel, battle, sequence-of-play and card-type rules;
// rendering and then reading back gives the same tree, for every file of rules/ and (a fast-check
// property) for any choice of their declarations and cards, with errata annotations added.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, type SourceFile } from "../../grammar/index.ts";
import { renderFile, statLabels } from "../../compiler/render/index.ts";
import { readMarkdown } from "../../compiler/render/markdown.ts";
import { expandPath, readSource, rulesRoot } from "../../compiler/sources.ts";

const stats = statLabels();
const files = expandPath(rulesRoot).map((p) => readSource(p));

/** The tree without places: what parsing the rendering must give back. */
function tree(text: string): unknown {
  const f = parse(text, "t.l5r").file as SourceFile;
  expect(f, "the text parses").not.toBeNull();
  return JSON.parse(JSON.stringify(f.decls, (k, v) => (k === "range" ? undefined : v)));
}

const roundTrip = (text: string) => readMarkdown(renderFile({ path: "t.l5r", text }, "md", stats), stats);

describe("l5r render", () => {
  for (const name of ["duels", "battles", "game", "card-types"]) {
    it(`docs/rules/${name}.md is in sync with rules/${name}.l5r (l5r render ... --out docs/rules)`, () => {
      const input = files.find((f) => f.path === `rules/${name}.l5r`)!;
      expect(renderFile(input, "md", stats)).toBe(readFileSync(`docs/rules/${name}.md`, "utf8"));
    });
  }

  it("shows headings with their letters and titles, clauses and errata notes as the seeds print them, and cards as printed", () => {
    const md = renderFile(files.find((f) => f.path === "rules/duels.l5r")!, "md", stats);
    expect(md).toContain("### J. Duel resolution ends (always)\n\n*[CHANGED 6 March 2008: order changed]*");
    expect(md).toContain("- After this point, any cards that enter focusing areas in the duel do so face-up. [ADDED 24 July 2007]");
    const cards = renderFile(files.find((f) => f.path === "rules/cards/duel-cards.l5r")!, "md", stats);
    expect(cards).toContain("#### Kakita Steelheart\n\n*Personality* · Crane · Force 2 · Chi 4 · Honor Requirement 4 · Gold Cost 6 · Personal Honor 3 · **Duelist** · _Samurai_\n\n> This Personality wins tied duels.");
    const battles = renderFile(files.find((f) => f.path === "rules/battles.l5r")!, "md", stats);
    expect(battles).toContain('(formerly: "EXCEPTION: A player who controls no units');
  });

  it("as HTML, escaped", () => {
    const html = renderFile({ path: "t.l5r", text: 'rules "A <b> & c"\nsequence s "S" () {\n  @added 2007-07-24\n  heading A "One & two" { }\n}\n' }, "html", stats);
    expect(html).toContain("<h1>A &lt;b&gt; &amp; c</h1>");
    expect(html).toContain("<h3>A. One &amp; two</h3>");
    expect(html).toContain('<p class="erratum"><em>[ADDED 24 July 2007]</em></p>');
  });

  it("rendering every file of rules/ and reading it back gives the same tree", () => {
    for (const f of files) expect(tree(roundTrip(f.text)), f.path).toEqual(tree(f.text));
  });

  it("so does any choice of declarations and cards of rules/, with errata added (property)", () => {
    const pieces = files.map((f) => ({ name: basename(f.path), text: f.text, decls: parse(f.text, f.path).file!.decls.map((d) => f.text.slice(d.range.start, d.range.end)) }));
    const erratum = fc.record({
      kind: fc.constantFrom("added", "changed", "clarified", "updated"),
      date: fc.date({ min: new Date("2007-01-01"), max: new Date("2015-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      note: fc.option(fc.stringMatching(/^[A-Za-z ,.'()-]{1,40}$/), { nil: null }),
    });
    const program = fc.constantFrom(...pieces).chain((p) => fc.tuple(fc.constant(p), fc.subarray(p.decls, { minLength: 1 }), fc.array(fc.option(erratum, { nil: null }), { maxLength: 12 })));
    fc.assert(
      fc.property(program, ([, decls, errata]) => {
        const text = decls.map((d, i) => {
          const e = errata[i];
          return e ? `@${e.kind} ${e.date}${e.note === null ? "" : ` ${JSON.stringify(e.note)}`}${e.kind === "added" || e.note === null ? "" : ' was "the former words"'}\n${d}` : d;
        }).join("\n\n");
        expect(tree(roundTrip(text))).toEqual(tree(text));
      }),
      { numRuns: 60, seed: 13 },
    );
  });
});
