// `npm run fuzz [-- --inputs N --seed S]`: the full fuzz run (100,000 inputs by default) and the
// megabyte-of-garbage linearity check; prints the totals and exits 1 on any failure.
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { fuzz, garbageMegabyte } from "./fuzz.ts";
import { progressBar } from "../../compiler/commands/progress.ts";
import { progressStream } from "../../compiler/cli/options.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
// A progress bar on a terminal (stderr), none in a pipe or CI.
const bar = progressBar(progressStream(), "fuzzing");
const report = fuzz({ root, inputs: flag("--inputs", 100_000), seed: flag("--seed", 1), checkEvery: flag("--check-every", 25), corpusCards: 400, onProgress: bar?.update });
bar?.stop();
const garbage = garbageMegabyte(1);
console.log(`fuzz: ${report.inputs} inputs (${report.checked} also checked with the rules) from ${report.seeds} seeds in ${report.seconds} s`);
console.log(`  by mutation: ${Object.entries(report.byMutation).map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log(`  failures (exceptions or ranges outside their file): ${report.failures.length}`);
for (const f of report.failures.slice(0, 20)) console.log(`    input ${f.input} (${f.mutation}): ${f.problem}`);
console.log(`  slowest input: ${report.slowest.ms} ms (${report.slowest.bytes} characters, ${report.slowest.mutation})`);
console.log(`  1 MB of garbage: parsed in ${garbage.ms} ms with ${garbage.errors} syntax errors`);
process.exitCode = report.failures.length > 0 || garbage.ms > 2000 ? 1 : 0;
