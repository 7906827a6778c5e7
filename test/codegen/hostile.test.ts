// Code generation is safe for any text a card author writes: hostile titles, keywords, card texts and
// scenario titles (quotes, backticks, `${`, `*/`, `</script>`, U+2028/U+2029, NUL, lone surrogates)
// compile to code that type-checks, every string comes back exactly, and nothing of it ever runs.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tmpdir } from "node:os";
import fc from "fast-check";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { emitProgram } from "../../compiler/codegen/emit.ts";
import { formatFiles } from "../../compiler/codegen/format.ts";
import type { CardDef, RulesBundle } from "../../runtime/api.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const rules: SourceInput[] = readdirSync(join(root, "rules"))
  .filter((f) => f.endsWith(".l5r"))
  .map((f) => ({ path: `rules/${f}`, text: readFileSync(join(root, "rules", f), "utf8") }));

const NASTY = ['"', "'", "`", "${", "${globalThis.__l5rPwned = 1}", "*/", "/*", "</script>", "\\", "\u2028", "\u2029", "\0", "\ud800", "\udfff", "\n", "\r", "\t", "');globalThis.__l5rPwned=1;('", "\"+(globalThis.__l5rPwned=1)+\""];

/** Any string: nasty fragments and code points of every kind (lone surrogates included). */
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...NASTY), fc.integer({ min: 0, max: 0x10ffff }).map((cp) => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp)))), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join(""));

/** Card text words: anything but what structures card text (braces end the block, line breaks end an
 *  ability, a colon ends a header or constraints, quotes and parentheses open granted abilities and
 *  reminder text). */
const textWord = fc.array(fc.oneof(fc.constantFrom("`", "${x}", "*/", "</script>", '"', "'", "\\", "\u2028", "\ud800", "\0"), fc.string({ minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 4 })
  .map((p) => p.join("").replace(/[{}():"'\u2018\u2019\u201c\u201d\r\n\u2028\u2029\0\s]/g, "x") || "word");

/** A .l5r string literal for any string: every code unit outside printable ASCII is escaped. */
function l5rString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += s[i];
  }
  return out + '"';
}

interface HostileCard {
  title: string;
  keyword: string;
  words: string[];
}

describe("hostile strings in generated code", () => {
  it("type-check, come back exactly, and never run", async () => {
    const cards = fc.sample(fc.record({ title: hostile, keyword: hostile, words: fc.array(textWord, { minLength: 1, maxLength: 6 }) }), { numRuns: 40, seed: 2026 }) as HostileCard[];
    // Unique titles and keywords (a repeated one is a name/duplicate error, not what is tested here).
    const seen = new Set<string>();
    const unique = cards.map((c, i) => {
      const title = seen.has(c.title) ? `${c.title}#${i}` : c.title;
      seen.add(title);
      return { ...c, title, keyword: `${c.keyword}~${i}` };
    });
    const source = [
      ...unique.map((c) => `keyword ${l5rString(c.keyword)}`),
      ...unique.map((c) => `card ${l5rString(c.title)} {\n  type Strategy\n  keywords ${l5rString(c.keyword)}\n  text {\n    ${c.words.join(" ")}\n  }\n}`),
      ...unique.slice(0, 8).map((c) => `scenario ${l5rString(c.title)} {\n  players p1, p2\n  put x = ${l5rString(c.title)} in p1.hand\n  expect x.title == ${l5rString(c.title)}\n}`),
      // Rules names that are also names generated code imports from the runtime (counting and summing
      // comprehensions import countWhere and sumOf) get their own TypeScript names.
      "function countWhere(p: player): number = count([c for c in p.hand if c is Strategy])",
      "function sumOf(p: player): number = sum([c.goldCost + 2 for c in p.hand if c is Strategy])",
      "function show(n: number): number = n + 1",
      "function optionOf(n: number): number = n + 2",
      `scenario "runtime names" {\n  players p1, p2\n  put x = ${l5rString(unique[0]!.title)} in p1.hand\n  expect countWhere(p1) == 1\n  expect sumOf(p1) == 2\n  expect show(1) + optionOf(1) == 5\n}`,
    ].join("\n");
    const result = compileSources([...rules, { path: "hostile.l5r", text: source }]);
    if (process.env.HOSTILE_DEBUG) writeFileSync(join(tmpdir(), "hostile.l5r"), source);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const files = await formatFiles(emitProgram(result.program!));

    for (const f of files) {
      expect(f.text).not.toMatch(/\beval\s*\(|new Function\s*\(|\bFunction\s*\(/);
    }
    const out = join(root, `.hostile-${process.pid}`);
    try {
      for (const f of files) {
        mkdirSync(dirname(join(out, f.path)), { recursive: true });
        writeFileSync(join(out, f.path), f.text);
      }
      writeFileSync(join(out, "tsconfig.json"), JSON.stringify({ extends: "../tsconfig.json", include: ["./**/*.ts"] }));
      // The generated code type-checks under the project's strict settings.
      execFileSync(join(root, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", join(out, "tsconfig.json")], { encoding: "utf8" });

      const g = globalThis as { __l5rPwned?: unknown };
      delete g.__l5rPwned;
      const mod = (await import(pathToFileURL(join(out, "index.ts")).href)) as { bundle: RulesBundle; scenarios: { title: string }[] };
      const { runScenario } = await import("../../runtime/api.ts");
      for (const c of unique) {
        const def = mod.bundle.cards.find((d: CardDef) => d.title === c.title);
        expect(def, `card ${JSON.stringify(c.title)}`).toBeDefined();
        expect(def!.keywords).toEqual([c.keyword]);
        expect(def!.text).toBe(c.words.join(" "));
      }
      const ran: string[] = [];
      for (const s of mod.scenarios as unknown as Parameters<typeof runScenario>[1][]) {
        if (!seen.has(s.title) && s.title !== "runtime names") continue;
        ran.push(s.title);
        expect(runScenario(mod.bundle, s).failures).toEqual([]);
      }
      expect(ran).toContain("runtime names");
      expect(g.__l5rPwned).toBeUndefined();
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);

  it("neither the runtime nor the compiler's output uses eval or Function", () => {
    const files = ["runtime", "generated"].flatMap((dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name)));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(f, "utf8"), f).not.toMatch(/\beval\s*\(|new Function\s*\(|[^.\w]Function\s*\(/);
  });
});
