// `npm run bench` (also `l5r bench`): measures the compiled rules and prints a table (or --json).
// The measured code is bundled with esbuild and run by plain node, as an engine would ship it.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export interface BenchOptions {
  readonly quick: boolean;
  readonly json: boolean;
}

export async function runBench(options: BenchOptions, print: (line: string) => void): Promise<Record<string, unknown>> {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "l5r-bench-"));
  try {
    const outfile = join(dir, "bench.mjs");
    await build({ entryPoints: [join(here, "entry.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile, logLevel: "error" });
    const out = execFileSync(process.execPath, [outfile, "all", options.quick ? "quick" : "full"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const results = JSON.parse(out.trim().split("\n").pop()!) as Record<string, unknown>;
    if (options.json) print(JSON.stringify(results, null, 2));
    else for (const line of table(results)) print(line);
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(results: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const d = results.duels as { generatedPerSecond: number; handwrittenPerSecond: number; ratio: number; decisionsPerDuel: number; sameOutcomes: boolean } | undefined;
  if (d) {
    lines.push("| measure | value |", "| --- | ---: |");
    lines.push(`| duels/s, compiled rules (generated/ + runtime/) | ${d.generatedPerSecond.toLocaleString("en-US")} |`);
    lines.push(`| duels/s, hand-written baseline (bench/duel-handwritten.ts) | ${d.handwrittenPerSecond.toLocaleString("en-US")} |`);
    lines.push(`| compiled / hand-written | ${d.ratio} |`);
    lines.push(`| decisions per duel (random agent) | ${d.decisionsPerDuel} |`);
    lines.push(`| same outcomes on the same seeds | ${d.sameOutcomes ? "yes" : "NO"} |`);
  }
  return lines;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  runBench({ quick: args.includes("--quick"), json: args.includes("--json") }, (l) => process.stdout.write(l + "\n")).catch((e: unknown) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  });
}
