// The .l5r prettier plugin: rules/ stays formatted; formatting is idempotent, never changes a file's
// syntax tree, keeps every comment, and fixes indentation, spacing and blank lines.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { formatL5r } from "../../compiler/format/index.ts";
import { parse } from "../../grammar/index.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

function l5rFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? l5rFiles(join(dir, e.name)) : e.name.endsWith(".l5r") ? [join(dir, e.name)] : []));
}

/** The syntax tree without places (ranges and the file's own text): what formatting must not change. */
function tree(text: string): unknown {
  const { file, errors } = parse(text, "x.l5r");
  expect(errors).toEqual([]);
  return JSON.parse(JSON.stringify(file, (k, v) => (k === "range" || (k === "text" && typeof v === "string" && v === text) ? undefined : v)));
}

/** Every comment of a text, in order. */
const comments = (text: string) => [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0].trimEnd());

const files = l5rFiles(join(root, "rules")).map((f) => ({ name: relative(root, f), text: readFileSync(f, "utf8") }));

describe("the .l5r formatter (prettier plugin)", () => {
  it("rules/ is formatted (run `npm run format` to format it)", async () => {
    const unformatted: string[] = [];
    for (const f of files) if ((await formatL5r(f.text, f.name)) !== f.text) unformatted.push(f.name);
    expect(unformatted, `not formatted: ${unformatted.join(", ")}; run \`npm run format\` (prettier --write "rules/**/*.l5r") and commit the result`).toEqual([]);
  });

  it("on rules/ and the demo cards made untidy (indentation shifted, spaces doubled, blank lines tripled, trailing spaces), gives them back as they are, with the same tree", async () => {
    for (const f of files) {
      // Spaces doubled in the rules register only: card text keeps its spaces (they may be in the tree).
      let inText = false;
      const untidy = f.text
        .split("\n")
        .map((l) => {
          const rulesLine = !inText && !l.includes("text {") && !l.includes("//") && !l.includes('"');
          if (l.includes("text {")) inText = !/\}\s*$/.test(l.slice(l.indexOf("text {")));
          else if (inText && l.trim() === "}") inText = false;
          if (l.trim() === "") return "";
          return `   ${rulesLine ? l.replace(/([,=]) (?=[A-Za-z0-9])/g, "$1   ") : l}  `;
        })
        .join("\n")
        .replace(/\n\n/g, "\n\n\n\n");
      expect(tree(untidy), f.name).toEqual(tree(f.text));
      const once = await formatL5r(untidy, f.name);
      expect(once, f.name).toBe(f.text);
    }
  });

  it("is idempotent, keeps the tree and every comment of untidy input, and puts blocks, spaces and blank lines in place", async () => {
    const input = [
      "rules   \"Tidy\"   // the title",
      "",
      "",
      "",
      "/* a block comment",
      "   over two lines */",
      "card \"Y\"{",
      "type Strategy",
      "        text {",
      "   Limited: Bow target Personality.   ",
      "      Battle: Bow target",
      "  Personality.",
      "      }",
      "}",
      "function f(x: number): number =",
      "if x>1 then x*2",
      "   else x",
      "scenario \"s\" {",
      "",
      "    players p1,p2",
      "       // between steps",
      "    expect p1.honor==0",
      "",
      "}",
    ].join("\n");
    const once = await formatL5r(input);
    expect(once).toBe(
      [
        'rules "Tidy"   // the title',
        "",
        "/* a block comment",
        "   over two lines */",
        'card "Y" {',
        "  type Strategy",
        "  text {",
        "    Limited: Bow target Personality.",
        "    Battle: Bow target",
        "      Personality.",
        "  }",
        "}",
        "function f(x: number): number =",
        "  if x > 1 then x * 2",
        "   else x",
        'scenario "s" {',
        "  players p1, p2",
        "  // between steps",
        "  expect p1.honor == 0",
        "}",
        "",
      ].join("\n"),
    );
    expect(await formatL5r(once)).toBe(once);
    expect(tree(once)).toEqual(tree(input));
    expect(comments(once)).toEqual(comments(input));
  });

  it("refuses a file that does not parse, with its first syntax error where it is", async () => {
    await expect(formatL5r('card "Y" {\n  type Strat egy\n}\n')).rejects.toMatchObject({ loc: { start: { line: 2, column: 14 } }, message: expect.stringMatching(/^syntax\/unexpected-token: /) });
  });

  it("prettier's own command finds the plugin through package.json (npx prettier --check \"rules/**/*.l5r\")", () => {
    const r = spawnSync(process.execPath, [join(root, "node_modules/prettier/bin/prettier.cjs"), "--check", "rules/duels.l5r", "rules/cards/demo-set.l5r"], { cwd: root, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
