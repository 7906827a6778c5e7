// `npm run bench` (also `l5r bench`): measures the compiler and the compiled rules and prints a table
// (or --json).  The measured code is bundled with esbuild and run by plain node, as an engine would ship
// it; each group of suites runs in a fresh process (so "cold" compile figures are cold).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "./table.ts";
import { SHORT_RUN_V8_FLAGS } from "../compiler/short-run-flags.mjs";

export interface BenchOptions {
  readonly quick: boolean;
  readonly json: boolean;
}

const GROUPS = ["compile", "parse", "run", "agents", "pool", "memory"] as const;

export async function runBench(options: BenchOptions, print: (line: string) => void): Promise<Record<string, unknown>> {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, "..");
  // Inside node_modules/.cache, so that the bundle finds the packages it leaves out (ts-morph, prettier).
  const cache = join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "l5r-bench-"));
  try {
    const outfile = join(dir, "bench.mjs");
    await build({
      entryPoints: [join(here, "entry.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile,
      logLevel: "error",
      // The code generator's own dependencies, and the progress bar the corpus command loads (CommonJS),
      // are loaded as installed, not bundled.
      external: ["ts-morph", "prettier", "cli-progress"],
    });
    const results: Record<string, unknown> = { node: process.version, quick: options.quick };
    let peak = 0;
    for (const group of GROUPS) {
      // (the group that measures what `check` and `corpus` do, parsing and the corpus, runs with their V8 flags)
      const flags = group === "memory" ? ["--expose-gc"] : group === "parse" ? [...SHORT_RUN_V8_FLAGS] : [];
      const out = execFileSync(process.execPath, [...flags, outfile, group, options.quick ? "quick" : "full", root], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      const r = JSON.parse(out.trim().split("\n").pop()!) as Record<string, unknown>;
      peak = Math.max(peak, r.peakRssMB as number);
      delete r.peakRssMB;
      Object.assign(results, r);
    }
    results.peakRssMB = peak;
    if (options.json) print(JSON.stringify(results, null, 2));
    else for (const line of table(results)) print(line);
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  runBench({ quick: args.includes("--quick"), json: args.includes("--json") }, (l) => process.stdout.write(l + "\n")).catch((e: unknown) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  });
}
