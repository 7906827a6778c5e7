// Compiling: a cold check and a cold compile of everything (run first in a fresh process), and a warm
// recompile after one card changes (the incremental path re-parses and re-emits only what changed).
import { compileSources } from "../../compiler/compile.ts";
import { IncrementalCompiler } from "../../compiler/incremental.ts";
import { median } from "../measure.ts";
import { rulesSources } from "../sources.ts";

export interface CompilingResult {
  readonly coldCheckMs: number;
  readonly coldCompileMs: number;
  readonly warmRecompileMs: number;
  readonly recompileParsed: number;
  readonly recompileEmitted: number;
  readonly generatedFiles: number;
}

export async function benchCompiling(root: string, quick: boolean): Promise<CompilingResult> {
  const inputs = rulesSources(root);
  let start = performance.now();
  if (!compileSources(inputs).program) throw new Error("rules/ does not check");
  const coldCheckMs = performance.now() - start;

  const compiler = new IncrementalCompiler();
  start = performance.now();
  const first = await compiler.build(inputs);
  const coldCompileMs = performance.now() - start;
  if (!first.files) throw new Error("rules/ does not compile");

  // One card's stat changes, again and again: each build re-parses one file and re-emits one module.
  const card = inputs.find((s) => /^card "/m.test(s.text) && /^\s+goldCost \d+$/m.test(s.text))!;
  const ms: number[] = [];
  let stats = compiler.stats;
  for (let i = 0; i < (quick ? 3 : 9); i++) {
    const edited = inputs.map((s) => (s === card ? { ...s, text: s.text.replace(/^(\s+goldCost )\d+$/m, `$1${10 + i}`) } : s));
    start = performance.now();
    const r = await compiler.build(edited);
    ms.push(performance.now() - start);
    if (!r.files) throw new Error("the edited card does not compile");
    stats = compiler.stats;
  }
  return {
    coldCheckMs: Math.round(coldCheckMs),
    coldCompileMs: Math.round(coldCompileMs),
    warmRecompileMs: Math.round(median(ms)),
    recompileParsed: stats.parsed,
    recompileEmitted: stats.emitted,
    generatedFiles: first.files.length,
  };
}
