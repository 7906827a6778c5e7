// Compiling: a cold check and a cold compile of everything (run first in a fresh process), a warm
// recompile after one card changes (the incremental path re-parses and re-emits only what changed), and
// the language server's re-check of an edited file of an author's cards against the loaded rules.
import { compileSources } from "../../compiler/compile.ts";
import { IncrementalCompiler } from "../../compiler/incremental.ts";
import { CardRecheck } from "../../compiler/lsp/card-check.ts";
import { median } from "../measure.ts";
import { rulesSources } from "../sources.ts";

export interface CompilingResult {
  readonly coldCheckMs: number;
  readonly coldCompileMs: number;
  readonly warmRecompileMs: number;
  readonly recompileParsed: number;
  readonly recompileEmitted: number;
  readonly generatedFiles: number;
  /** One edited file of three cards re-checked as the language server does, the rules loaded (median). */
  readonly warmRecheckMs: number;
}

/** An author's file: three cards with text, one stat of which changes at each edit. */
function authorsCards(edit: number): { path: string; text: string } {
  const card = (title: string, text: string) => `card "${title}" {\n  type Personality\n  force ${edit % 5}\n  chi 2\n  text {\n    ${text}\n  }\n}\n`;
  return {
    path: "my-cards.l5r",
    text: [card("My Duelist", "Limited: Bow target enemy Personality with lower Force."), card("My Courtier", "Political Limited: Gain 2 Honor."), card("My Ronin", "Battle: Give your target Personality +2F.")].join("\n"),
  };
}

export async function benchCompiling(root: string, quick: boolean): Promise<CompilingResult> {
  // A quick run (the test's, which only checks that the suite works) leaves the scenarios out: they are
  // most of the generated code, so most of a cold compile's formatting, and every step still runs.
  const inputs = rulesSources(root).filter((s) => !quick || !s.path.startsWith("rules/scenarios/"));
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
  const recheck = new CardRecheck(() => inputs);
  if (!recheck.check(authorsCards(0))) throw new Error("the author's cards are not re-checked card by card");
  const recheckMs: number[] = [];
  for (let i = 1; i <= (quick ? 5 : 50); i++) {
    start = performance.now();
    recheck.check(authorsCards(i));
    recheckMs.push(performance.now() - start);
  }
  return {
    warmRecheckMs: Number(median(recheckMs).toFixed(1)),
    coldCheckMs: Math.round(coldCheckMs),
    coldCompileMs: Math.round(coldCompileMs),
    warmRecompileMs: Math.round(median(ms)),
    recompileParsed: stats.parsed,
    recompileEmitted: stats.emitted,
    generatedFiles: first.files.length,
  };
}
