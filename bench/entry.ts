// What the bench child process runs (bundled by bench/run.ts): one suite, results as JSON on stdout.
import { benchDuels } from "./suites/duels.ts";

const [suite, mode] = process.argv.slice(2);
const quick = mode === "quick";
const results: Record<string, unknown> = {};
if (suite === "duels" || suite === "all") results.duels = benchDuels(quick);
process.stdout.write(JSON.stringify(results) + "\n");
