// Grammar-aware mutation fuzzing of the parser and the checker.  Inputs are the project's own .l5r
// files and (when ../shared/cards is present) real card texts written as cards, each mutated by
// test/fuzz/mutate.ts.  What must hold for every input: no exception escapes parse() or the compiler,
// and every diagnostic's range lies inside its file.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, type ParseResult } from "../../grammar/index.ts";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { createRng } from "../../runtime/rng.ts";
import { rulesSources } from "../../bench/sources.ts";
import { mutate, type Mutation } from "./mutate.ts";

export interface FuzzOptions {
  readonly root: string;
  readonly inputs: number;
  readonly seed: number;
  /** Every how many inputs one is also checked with the rules (checking is slower than parsing). */
  readonly checkEvery: number;
  /** Card texts from ../shared/cards to add to the seeds (0: none). */
  readonly corpusCards: number;
  /** Told how many inputs have been tried (a progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface FuzzFailure {
  readonly input: number;
  readonly mutation: Mutation;
  readonly problem: string;
}

export interface FuzzReport {
  readonly inputs: number;
  readonly checked: number;
  readonly seeds: number;
  readonly failures: FuzzFailure[];
  readonly slowest: { readonly ms: number; readonly bytes: number; readonly mutation: Mutation };
  readonly byMutation: Record<string, number>;
  readonly seconds: number;
}

/** Real card texts as .l5r card declarations (the corpus is test data and is read, never copied in). */
export function corpusSeeds(root: string, count: number): string[] {
  const path = join(root, "..", "shared", "cards", "oracle-cards.dev.json");
  if (count === 0 || !existsSync(path)) return [];
  const records = JSON.parse(readFileSync(path, "utf8")) as { title?: string; type?: string; text?: string }[];
  const out: string[] = [];
  for (const r of records) {
    if (out.length >= count) break;
    if (!r.text || !r.title) continue;
    const text = r.text.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]+>/g, "").replace(/[{}]/g, "");
    out.push(`card "${r.title.replace(/["\\]/g, "")}" {\n  type Strategy\n  text {\n    ${text.split("\n").join("\n    ")}\n  }\n}\n`);
  }
  return out;
}

export function fuzz(o: FuzzOptions): FuzzReport {
  const rng = createRng(o.seed);
  const base = rulesSources(o.root).filter((s) => !s.path.startsWith("rules/scenarios/"));
  const seeds = [...base.map((s) => s.text), ...corpusSeeds(o.root, o.corpusCards)];
  // The rules' parses are reused for every checked input: only the fuzzed file is new.
  const cache = new Map<string, ParseResult>(base.map((s) => [s.path, parse(s.text, s.path)]));
  const parseCached = (text: string, path: string): ParseResult => cache.get(path) ?? parse(text, path);
  const failures: FuzzFailure[] = [];
  const byMutation: Record<string, number> = {};
  let slowest = { ms: 0, bytes: 0, mutation: "delete" as Mutation };
  let checked = 0;
  const start = performance.now();
  for (let i = 0; i < o.inputs; i++) {
    if (i % 500 === 0) o.onProgress?.(i, o.inputs);
    const seed = seeds[rng.below(seeds.length)]!;
    const other = seeds[rng.below(seeds.length)]!;
    let { mutation, text } = mutate(seed, other, rng);
    if (rng.below(4) === 0) text = mutate(text, other, rng).text; // sometimes two mutations
    byMutation[mutation] = (byMutation[mutation] ?? 0) + 1;
    const fail = (problem: string) => failures.push({ input: i, mutation, problem });
    const t = performance.now();
    try {
      const r = parse(text, "fuzz.l5r");
      for (const e of r.errors) if (!inside(e.range, text.length)) fail(`syntax error range ${JSON.stringify(e.range)} outside a ${text.length}-character file`);
    } catch (e) {
      fail(`parse threw: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    const ms = performance.now() - t;
    if (ms > slowest.ms) slowest = { ms, bytes: text.length, mutation };
    if (i % o.checkEvery !== 0) continue;
    checked++;
    try {
      const inputs: SourceInput[] = [...base, { path: "fuzz.l5r", text }];
      const r = compileSources(inputs, parseCached);
      const lengths = new Map(inputs.map((s) => [s.path, s.text.length]));
      for (const d of r.diagnostics) {
        const len = lengths.get(d.file);
        if (len === undefined) fail(`diagnostic ${d.code} names an unknown file ${d.file}`);
        else if (!inside(d.range, len)) fail(`diagnostic ${d.code} range ${JSON.stringify(d.range)} outside ${d.file} (${len} characters)`);
      }
    } catch (e) {
      fail(`the compiler threw: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { inputs: o.inputs, checked, seeds: seeds.length, failures, slowest: { ...slowest, ms: Math.round(slowest.ms) }, byMutation, seconds: Math.round((performance.now() - start) / 100) / 10 };
}

function inside(r: { start: number; end: number }, length: number): boolean {
  return Number.isInteger(r.start) && Number.isInteger(r.end) && r.start >= 0 && r.end >= r.start && r.end <= length;
}

/** Parsing stays linear: how long a megabyte of random printable garbage takes to parse (ms). */
export function garbageMegabyte(seed: number): { bytes: number; ms: number; errors: number } {
  const rng = createRng(seed);
  const chars: string[] = [];
  const alphabet = "abcXYZ019 \n\t{}()[]:;,.\"'+-*/=<>!@#$%^&|~?";
  for (let i = 0; i < 1_000_000; i++) chars.push(alphabet[rng.below(alphabet.length)]!);
  const text = chars.join("");
  const t = performance.now();
  const r = parse(text, "garbage.l5r");
  return { bytes: text.length, ms: Math.round(performance.now() - t), errors: r.errors.length };
}
